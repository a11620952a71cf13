import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { exitIfUnsafe, productionProblems, settingProblems, settingWarnings } from './config-check.ts';
import { parseSettings, SETTING_NAMES, SettingsSchema, settingDoc } from './settings.ts';
import { createTestDatabase } from './test/harness.ts';
import { captureLog } from './test/log-lines.ts';

const STRONG = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(32),
  MARKETPLACE_KEY: 'mk_'.padEnd(24, 'k'),
  DATA_DIR: '/tmp/mc-settings-unused',
  ALLOW_SANDBOX: '1',
};
const devDir = () => mkdtempSync(path.join(tmpdir(), 'mc-settings-'));
/** The settings parsed from `env`, and the lines naming its wrong values. */
const parse = (env: Record<string, string>) => {
  const { settings, invalid } = parseSettings(env);
  return { settings, lines: invalid.map((i) => i.line) };
};

describe('the settings schema', () => {
  it('gives every setting a one-line description and what a valid value is; defaults parse', () => {
    for (const name of SETTING_NAMES) {
      const doc = settingDoc(name);
      expect(doc.description, name).toMatch(/^\S[^\n]*[^.\s]$/);
      expect(doc.expects, name).not.toBe('');
      // A default is either a value (parsed by the schema) or words (when it depends on something else).
      expect(doc.default === undefined || doc.defaultText === undefined, name).toBe(true);
    }
    const { settings, lines } = parse({});
    expect(lines).toEqual([]);
    expect(settings).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: 'data',
      DATABASE_POOL_SIZE: 20,
      ROLE: 'all',
      ALLOW_SANDBOX: false,
      TRUST_PROXY: false,
      SESSION_TTL_HOURS: 168,
      CLIENT_BASIC_CREDENTIAL: 'merchant-console:public',
      LOG_LEVEL: 'info',
      OIDC_ISSUER: 'https://accounts.google.com',
      EASYPOST_API_BASE: 'https://api.easypost.com/v2',
      OUTBOUND_TIMEOUT_MS: 10_000,
    });
    expect(settings.SEED_DEMO).toBeUndefined();
    expect(settings.JWT_SECRET).toBeUndefined();
    expect(Object.keys(SettingsSchema.shape)).toEqual(SETTING_NAMES);
  });

  it('reads whole numbers within their range, and names the setting otherwise', () => {
    expect(
      parse({ SESSION_TTL_HOURS: ' 24 ', PORT: '0', OUTBOUND_TIMEOUT_MS: '100' }).settings,
    ).toMatchObject({
      SESSION_TTL_HOURS: 24,
      PORT: 0,
      OUTBOUND_TIMEOUT_MS: 100,
    });
    expect(parse({ SESSION_TTL_HOURS: 'abc' }).lines).toEqual([
      'SESSION_TTL_HOURS must be a number of hours between 1 and 720, got "abc"',
    ]);
    for (const value of ['0', '721', '1.5', '-3', '12h'])
      expect(parse({ SESSION_TTL_HOURS: value }).lines, value).toEqual([
        `SESSION_TTL_HOURS must be a number of hours between 1 and 720, got "${value}"`,
      ]);
    expect(parse({ PORT: '65536', DATABASE_POOL_SIZE: '0', BULK_RENDER_THREADS: 'two' }).lines).toEqual([
      'PORT must be a port number between 0 and 65535, got "65536"',
      'DATABASE_POOL_SIZE must be a number of connections between 1 and 1000, got "0"',
      'BULK_RENDER_THREADS must be a number of threads between 1 and 64, got "two"',
    ]);
    // A wrong value is replaced by its default, so a caller may go on (development) or refuse (production).
    expect(parse({ SESSION_TTL_HOURS: 'abc', PORT: '8080' }).settings).toMatchObject({
      SESSION_TTL_HOURS: 168,
      PORT: 8080,
    });
  });

  it('reads flags as true/false, 1/0, yes/no, on/off in any case', () => {
    for (const [value, expected] of [
      ['1', true],
      ['TRUE', true],
      ['yes', true],
      ['On', true],
      ['0', false],
      ['false', false],
      ['NO', false],
      ['off', false],
    ] as const)
      expect(parse({ SEED_DEMO: value }).settings.SEED_DEMO, value).toBe(expected);
    expect(parse({ ALLOW_SANDBOX: 'maybe' }).lines).toEqual([
      'ALLOW_SANDBOX must be true or false (1/0, yes/no, on/off), got "maybe"',
    ]);
  });

  it('reads enums in any case and refuses other values', () => {
    expect(parse({ LOG_LEVEL: 'DEBUG', ROLE: ' Worker ', NODE_ENV: 'test' }).settings).toMatchObject({
      LOG_LEVEL: 'debug',
      ROLE: 'worker',
      NODE_ENV: 'test',
    });
    expect(parse({ LOG_LEVEL: 'loud' }).lines).toEqual([
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    ]);
    expect(parse({ ROLE: 'workers', NODE_ENV: 'prod' }).lines).toEqual([
      'NODE_ENV must be one of development, production, test, got "prod"',
      'ROLE must be one of all, api, worker, got "workers"',
    ]);
  });

  it('reads URLs by scheme, without a trailing slash; never shows a value that may hold a secret', () => {
    expect(
      parse({ PUBLIC_URL: 'https://console.example.com/', TWILIO_API_BASE: 'http://127.0.0.1:9000//' })
        .settings,
    ).toMatchObject({ PUBLIC_URL: 'https://console.example.com', TWILIO_API_BASE: 'http://127.0.0.1:9000' });
    expect(parse({ PUBLIC_URL: 'console.example.com' }).lines).toEqual([
      'PUBLIC_URL must be an http:// or https:// URL, got "console.example.com"',
    ]);
    const secretUrl = parse({ SMTP_URL: 'http://user:hunter2@mail.example.com' }).lines;
    expect(secretUrl).toEqual([
      'SMTP_URL must be an smtp:// or smtps:// URL (the value is not shown: it may hold a secret)',
    ]);
    expect(secretUrl.join()).not.toContain('hunter2');
    expect(parse({ DATABASE_URL: 'mysql://db/x' }).lines[0]).toMatch(/^DATABASE_URL must be a postgres:\/\//);
    expect(parse({ DATABASE_URL: 'postgresql://u@127.0.0.1:5432/test' }).lines).toEqual([]);
  });

  it('takes an empty or blank value as unset, and secrets exactly as given', () => {
    expect(parse({ SESSION_TTL_HOURS: '', LOG_LEVEL: '  ', SMTP_URL: '' })).toEqual(parse({}));
    expect(parse({ JWT_SECRET: ' s p a c e ' }).settings.JWT_SECRET).toBe(' s p a c e ');
  });

  it('ignores variables it does not know', () => {
    expect(parse({ HOME: '/root', SOMETHING_ELSE: 'abc' })).toEqual(parse({}));
  });
});

describe('a wrong value: production refuses, development warns and uses the default', () => {
  it('SESSION_TTL_HOURS=abc in production: exactly that line, exit 1', () => {
    const config = loadConfig({ ...STRONG, SESSION_TTL_HOURS: 'abc' });
    expect(productionProblems(config)).toEqual([
      'SESSION_TTL_HOURS must be a number of hours between 1 and 720, got "abc"',
    ]);
    const lines: string[] = [];
    const io = {
      error: (l: string) => void lines.push(l),
      exit: (code: number): never => {
        throw new Error(`exit ${code}`);
      },
    };
    expect(() => exitIfUnsafe(config, io)).toThrow('exit 1');
    expect(lines).toEqual(['SESSION_TTL_HOURS must be a number of hours between 1 and 720, got "abc"']);
    expect(settingWarnings(config)).toEqual([]);
  });

  it('SESSION_TTL_HOURS=abc in development: a warning, and the default 168 hours', () => {
    const config = loadConfig({ DATA_DIR: devDir(), SESSION_TTL_HOURS: 'abc' });
    expect(config.sessionTtlHours).toBe(168);
    expect(productionProblems(config)).toEqual([]);
    expect(settingWarnings(config)).toEqual([
      'SESSION_TTL_HOURS must be a number of hours between 1 and 720, got "abc"; using the default',
    ]);
  });

  it('the development server logs the warning once at start', async () => {
    const { lines, stream: logStream } = captureLog();
    const config = loadConfig({
      DATA_DIR: devDir(),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SESSION_TTL_HOURS: 'abc',
    });
    const database = await createTestDatabase();
    try {
      const { app } = await buildApp({ config, database, logStream });
      await app.close();
    } finally {
      await database.close();
    }
    const warnings = lines.map((l) => JSON.parse(l)).filter((l) => l.level === 40);
    expect(warnings.map((l) => l.msg).filter((m) => m.startsWith('SESSION_TTL_HOURS'))).toEqual([
      'SESSION_TTL_HOURS must be a number of hours between 1 and 720, got "abc"; using the default',
    ]);
  });

  it('LOG_LEVEL=loud is refused in production and warned about in development', () => {
    expect(productionProblems(loadConfig({ ...STRONG, LOG_LEVEL: 'loud' }))).toEqual([
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    ]);
    const dev = loadConfig({ DATA_DIR: devDir(), LOG_LEVEL: 'loud' });
    expect(dev.logLevel).toBe('info');
    expect(settingWarnings(dev)).toEqual([
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"; using the default',
    ]);
  });

  it('every refusal line starts with the name of a setting', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: '/tmp/mc-settings-unused',
      SESSION_TTL_HOURS: '9999',
      TRUST_PROXY: '2',
    });
    const lines = [...settingProblems(config), ...productionProblems(config)];
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line).toMatch(/^[A-Z][A-Z0-9_]+[ =,]/);
  });
});

describe('loadConfig keeps its shape', () => {
  it('mode-dependent defaults: log level, demo seed, marketplace key, render threads', () => {
    const test = loadConfig({ NODE_ENV: 'test', DATA_DIR: devDir() });
    expect(test.logLevel).toBe('silent');
    expect(test.seedDemo).toBe(true);
    expect(test.marketplaceKey).toBe('demo-marketplace-key');
    expect(test.bulkRenderThreads).toBeGreaterThanOrEqual(1);
    expect(test.bulkRenderThreads).toBeLessThanOrEqual(2);
    expect(test.publicUrl).toBe('http://localhost:3000');
    expect(test.invalidSettings).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: devDir(), LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
    expect(test.siteName).toBe('Retailer');
    expect(test.mailFrom).toBe('Retailer <no-reply@merchant-console.local>');
    expect(test.legacyBankForm).toBe(false);
    expect(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: devDir(),
        SITE_NAME: ' Corner Cellar ',
        LEGACY_BANK_FORM: 'on',
      }),
    ).toMatchObject({
      siteName: 'Corner Cellar',
      legacyBankForm: true,
      mailFrom: 'Corner Cellar <no-reply@merchant-console.local>',
    });
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: devDir(), SITE_NAME: 'Cork, "Cask"' }).mailFrom).toBe(
      '"Cork, Cask" <no-reply@merchant-console.local>',
    );
    const prod = loadConfig({ ...STRONG, PORT: '8080', BULK_RENDER_THREADS: '3' });
    expect(prod).toMatchObject({
      env: 'production',
      logLevel: 'info',
      seedDemo: false,
      port: 8080,
      publicUrl: 'http://localhost:8080',
      bulkRenderThreads: 3,
    });
  });
});
