import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADAPTER_NAMES, ADAPTER_SETTINGS, sandboxesInUse } from './adapters/choice.ts';
import { loadConfig } from './config.ts';
import { exitIfUnsafe, productionProblems, productionWarnings, settingProblems } from './config-check.ts';
import { defaultAdapters } from './context.ts';
import type { Database } from './db/client.ts';
import { createTestDatabase } from './test/harness.ts';
import { launch, serverCommand } from './test/spawn-server.ts';

const STRONG = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(32),
  MARKETPLACE_KEY: 'mk_'.padEnd(24, 'k'),
  DATA_DIR: '/tmp/mc-config-check-unused',
};
const PROVIDERS = {
  SMTP_URL: 'smtp://mail.example.com:587',
  TWILIO_ACCOUNT_SID: 'AC123',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+12125550100',
  STRIPE_SECRET_KEY: 'sk_test_123',
  EASYPOST_API_KEY: 'EZTK123',
  MAPS_API_KEY: 'maps-key',
  DOORDASH_DEVELOPER_ID: 'dev-123',
  DOORDASH_KEY_ID: 'key-123',
  DOORDASH_SIGNING_SECRET: 'c2lnbmluZy1zZWNyZXQ',
};
const problems = (env: Record<string, string>) => productionProblems(loadConfig(env));

describe('productionProblems', () => {
  it('is empty outside production: development starts with no settings at all', () => {
    expect(productionProblems(loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mc-dev-')) }))).toEqual(
      [],
    );
    expect(productionProblems(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'short' }))).toEqual([]);
  });

  it('names JWT_SECRET when it is missing or shorter than 32 bytes', () => {
    const { JWT_SECRET: _, ...noSecret } = STRONG;
    expect(problems({ ...noSecret, ALLOW_SANDBOX: '1' })).toEqual([
      'JWT_SECRET is not set: set a random secret of at least 32 bytes',
    ]);
    expect(problems({ ...STRONG, ALLOW_SANDBOX: '1', JWT_SECRET: 'a' })).toEqual([
      'JWT_SECRET is 1 bytes long: use a random secret of at least 32 bytes',
    ]);
    // bytes, not characters: 16 two-byte characters are 32 bytes
    expect(problems({ ...STRONG, ALLOW_SANDBOX: '1', JWT_SECRET: 'é'.repeat(16) })).toEqual([]);
    expect(problems({ ...STRONG, ALLOW_SANDBOX: '1', JWT_SECRET: 'x'.repeat(31) })[0]).toMatch(
      /^JWT_SECRET /,
    );
  });

  it('names MARKETPLACE_KEY when it is missing, short or the published demo key', () => {
    const { MARKETPLACE_KEY: _, ...noKey } = STRONG;
    const base = { ALLOW_SANDBOX: '1' };
    expect(problems({ ...noKey, ...base })).toEqual([
      'MARKETPLACE_KEY is not set: set a random key of at least 24 characters',
    ]);
    expect(problems({ ...STRONG, ...base, MARKETPLACE_KEY: 'demo-marketplace-key' })).toEqual([
      'MARKETPLACE_KEY is the published demo key: set a random key of at least 24 characters',
    ]);
    expect(problems({ ...STRONG, ...base, MARKETPLACE_KEY: 'k'.repeat(23) })).toEqual([
      'MARKETPLACE_KEY is 23 characters long: use a random key of at least 24 characters',
    ]);
  });

  it('names METRICS_TOKEN when it is shorter than 24 characters; METRICS_PORT when it is PORT, in every mode', () => {
    const base = { ...STRONG, ALLOW_SANDBOX: '1' };
    expect(problems({ ...base, METRICS_TOKEN: 't'.repeat(23) })).toEqual([
      'METRICS_TOKEN is 23 characters long: use a random token of at least 24 characters',
    ]);
    expect(problems({ ...base, METRICS_TOKEN: 't'.repeat(24) })).toEqual([]);
    expect(settingProblems(loadConfig({ NODE_ENV: 'test', PORT: '3000', METRICS_PORT: '3000' }))).toEqual([
      'METRICS_PORT is PORT (3000): the metrics port must be another one, kept internal, or unset',
    ]);
    expect(settingProblems(loadConfig({ NODE_ENV: 'test', PORT: '3000', METRICS_PORT: '9464' }))).toEqual([]);
  });

  it('names every adapter that would fall back to its sandbox, with the setting that replaces it', () => {
    const lines = problems(STRONG);
    expect(lines).toHaveLength(ADAPTER_NAMES.length);
    expect(lines).toContain(
      'SMTP_URL is not set: the email adapter would use its sandbox; set it, or ALLOW_SANDBOX=1 to run with the sandbox',
    );
    // Each line starts with the settings that replace the sandbox (README: every refusal names its setting).
    for (const name of ADAPTER_NAMES)
      expect(lines.some((l) => l.startsWith(`${ADAPTER_SETTINGS[name]} `) && l.includes(` ${name} `))).toBe(
        true,
      );
    // Every real provider configured: nothing is left.
    expect(problems({ ...STRONG, ...PROVIDERS })).toEqual([]);
    const { DOORDASH_KEY_ID: _, ...noCourier } = PROVIDERS;
    expect(problems({ ...STRONG, ...noCourier })).toEqual([
      'DOORDASH_DEVELOPER_ID, DOORDASH_KEY_ID and DOORDASH_SIGNING_SECRET are not all set: the courier adapter would use its sandbox; set them, or ALLOW_SANDBOX=1 to run with the sandbox',
    ]);
    expect(problems({ ...STRONG, ALLOW_SANDBOX: '1' })).toEqual([]);
  });

  it('reports every problem at once', () => {
    expect(problems({ NODE_ENV: 'production', DATA_DIR: '/tmp/x' })).toHaveLength(2 + ADAPTER_NAMES.length);
  });
});

describe('production defaults and warnings', () => {
  it('SEED_DEMO is off in production unless set explicitly, and then warned about', () => {
    expect(loadConfig({ ...STRONG }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    const seeded = loadConfig({ ...STRONG, ...PROVIDERS, SEED_DEMO: '1' });
    expect(seeded.seedDemo).toBe(true);
    expect(productionWarnings(seeded)).toEqual([expect.stringMatching(/^SEED_DEMO=1: /)]);
  });

  it('WEBHOOK_ALLOW_PRIVATE is off in production unless set explicitly, and then warned about', () => {
    expect(loadConfig({ ...STRONG }).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).webhookAllowPrivate).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', WEBHOOK_ALLOW_PRIVATE: 'off' }).webhookAllowPrivate).toBe(
      false,
    );
    const allowed = loadConfig({ ...STRONG, ...PROVIDERS, WEBHOOK_ALLOW_PRIVATE: '1' });
    expect(allowed.webhookAllowPrivate).toBe(true);
    expect(productionWarnings(allowed)).toEqual([expect.stringMatching(/^WEBHOOK_ALLOW_PRIVATE=1: /)]);
  });

  it('ALLOW_SANDBOX=1 starts with one warning naming each sandbox in use', () => {
    const config = loadConfig({ ...STRONG, ALLOW_SANDBOX: '1', SMTP_URL: 'smtp://mail.example.com' });
    expect(productionWarnings(config)).toEqual([
      'ALLOW_SANDBOX=1: running with sandbox adapters (sms, payments, carrier, courier, maps); nothing they handle reaches a real provider',
    ]);
    expect(productionWarnings(loadConfig({ NODE_ENV: 'test', SEED_DEMO: '1' }))).toEqual([]);
  });

  it('TRUST_PROXY=true is warned about in production; a list of proxies is not', () => {
    expect(productionWarnings(loadConfig({ ...STRONG, ...PROVIDERS, TRUST_PROXY: 'true' }))).toEqual([
      expect.stringMatching(/^TRUST_PROXY=true: /),
    ]);
    expect(productionWarnings(loadConfig({ ...STRONG, ...PROVIDERS, TRUST_PROXY: '10.0.0.0/8' }))).toEqual(
      [],
    );
  });

  it('never writes a generated JWT secret in production', () => {
    const { JWT_SECRET: _, MARKETPLACE_KEY: __, ...noSecrets } = STRONG;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mc-prod-'));
    const config = loadConfig({ ...noSecrets, DATA_DIR: dataDir });
    expect(config.jwtSecret.byteLength).toBe(0);
    expect(config.marketplaceKey).toBe('');
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default; true, or a list of addresses, CIDRs and proxy-addr names', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    const list = loadConfig({
      NODE_ENV: 'test',
      TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,loopback,::1,fd00::/8',
    });
    expect(list.trustProxy).toEqual(['10.0.0.1', '172.16.0.0/12', 'loopback', '::1', 'fd00::/8']);
    expect(settingProblems(list)).toEqual([]);
  });

  it('refuses a hop count and anything that is not an address (in every mode)', () => {
    expect(settingProblems(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '2' }))).toEqual([
      expect.stringMatching(/^TRUST_PROXY=2 looks like a hop count/),
    ]);
    expect(settingProblems(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/33,proxy.local' }))).toEqual(
      [
        "TRUST_PROXY entry '10.0.0.0/33' is not an address, a CIDR or one of loopback, linklocal, uniquelocal",
        "TRUST_PROXY entry 'proxy.local' is not an address, a CIDR or one of loopback, linklocal, uniquelocal",
      ],
    );
  });
});

describe('DATABASE_REPLICA_URL', () => {
  const PRIMARY = 'postgres://merchant:pw@db.internal:5432/merchant';
  const REPLICA = 'postgres://merchant:replica-pw@db-replica.internal:5432/merchant';
  const check = (env: Record<string, string>) => settingProblems(loadConfig({ NODE_ENV: 'test', ...env }));

  it('is refused with the embedded PGlite (no DATABASE_URL), in every mode', () => {
    expect(check({ DATABASE_REPLICA_URL: REPLICA })).toEqual([
      expect.stringMatching(
        /^DATABASE_REPLICA_URL is set without DATABASE_URL: a read replica needs a PostgreSQL primary/,
      ),
    ]);
  });

  it("is refused on the primary's own server, or naming another database; never shows a password", () => {
    const same = check({
      DATABASE_URL: PRIMARY,
      DATABASE_REPLICA_URL: 'postgres://ro:other@db.internal/merchant',
    });
    expect(same).toEqual([
      expect.stringMatching(/^DATABASE_REPLICA_URL names the same server as DATABASE_URL/),
    ]);
    const other = check({
      DATABASE_URL: PRIMARY,
      DATABASE_REPLICA_URL: 'postgres://merchant:replica-pw@db-replica.internal:5432/reports',
    });
    expect(other).toEqual([
      'DATABASE_REPLICA_URL names database "reports" but DATABASE_URL names "merchant": a streaming replica holds the primary\'s databases under the same names',
    ]);
    expect(JSON.stringify([...same, ...other])).not.toMatch(/replica-pw|other@/);
    expect(check({ DATABASE_URL: PRIMARY, DATABASE_REPLICA_URL: REPLICA })).toEqual([]);
  });

  it('production refuses a replica without TLS when the primary requires it', () => {
    const env = { ...STRONG, ...PROVIDERS, DATABASE_URL: `${PRIMARY}?sslmode=verify-full` };
    expect(problems({ ...env, DATABASE_REPLICA_URL: REPLICA })).toEqual([
      'DATABASE_REPLICA_URL does not require TLS while DATABASE_URL does (sslmode=verify-full): the replica serves the same data; add sslmode=verify-full to it',
    ]);
    expect(problems({ ...env, DATABASE_REPLICA_URL: `${REPLICA}?sslmode=verify-full` })).toEqual([]);
  });

  it('REPLICA_MAX_LAG_MS defaults to 5 s and is refused outside 100 ms to 5 min', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).replicaMaxLagMs).toBe(5000);
    expect(loadConfig({ NODE_ENV: 'test', REPLICA_MAX_LAG_MS: '750' }).replicaMaxLagMs).toBe(750);
    expect(loadConfig({ NODE_ENV: 'test', REPLICA_MAX_LAG_MS: '50' }).invalidSettings).toEqual([
      'REPLICA_MAX_LAG_MS must be a number of milliseconds between 100 and 300000, got "50"',
    ]);
  });
});

describe('exitIfUnsafe', () => {
  it('prints one line per problem and exits 1; returns quietly when safe', () => {
    const lines: string[] = [];
    const io = {
      error: (l: string) => void lines.push(l),
      exit: (code: number): never => {
        throw new Error(`exit ${code}`);
      },
    };
    expect(() =>
      exitIfUnsafe(loadConfig({ ...STRONG, JWT_SECRET: 'short', ALLOW_SANDBOX: '1' }), io),
    ).toThrow('exit 1');
    expect(lines).toEqual(['JWT_SECRET is 5 bytes long: use a random secret of at least 32 bytes']);
    lines.length = 0;
    exitIfUnsafe(loadConfig({ ...STRONG, ALLOW_SANDBOX: '1' }), io);
    expect(lines).toEqual([]);
  });
});

describe('one decision for real adapters and sandboxes', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it.each([
    ['no provider', {}],
    ['every provider', PROVIDERS],
    ['email and carrier only', { SMTP_URL: PROVIDERS.SMTP_URL, EASYPOST_API_KEY: 'EZTK1' }],
  ])('defaultAdapters builds a sandbox exactly where the check sees one (%s)', async (_name, env) => {
    const config = loadConfig({ ...STRONG, ...env });
    const adapters = await defaultAdapters(config, database);
    const built = ADAPTER_NAMES.filter((name) => adapters[name].kind === 'sandbox');
    expect(built).toEqual(sandboxesInUse(config));
  });
});

/** `node --import tsx apps/server/src/main.ts` with exactly `env` (and PATH): its exit code and output. */
async function startMain(env: Record<string, string>) {
  const p = launch({
    name: 'main',
    port: Number(env.PORT ?? 0),
    env: { PATH: process.env.PATH, ...env },
    args: serverCommand({ source: true }).args,
  });
  let stdout = '';
  let stderr = '';
  p.child.stdout?.on('data', (d) => {
    stdout += d;
  });
  p.child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const { code } = await p.exited;
  return { code, stdout, stderr };
}

describe('node apps/server/src/main.ts in production', () => {
  it('exits non-zero before listening, one line per unsafe setting', async () => {
    const port = 3151;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mc-unsafe-'));
    const { code, stdout, stderr } = await startMain({
      NODE_ENV: 'production',
      PORT: String(port),
      JWT_SECRET: 'x',
      MARKETPLACE_KEY: 'demo-marketplace-key',
      DATA_DIR: dataDir,
      SMTP_URL: 'smtp://mail.example.com:587',
    });
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toEqual([
      'JWT_SECRET is 1 bytes long: use a random secret of at least 32 bytes',
      'MARKETPLACE_KEY is the published demo key: set a random key of at least 24 characters',
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are not all set: the sms adapter would use its sandbox; set them, or ALLOW_SANDBOX=1 to run with the sandbox',
      'STRIPE_SECRET_KEY is not set: the payments adapter would use its sandbox; set it, or ALLOW_SANDBOX=1 to run with the sandbox',
      'EASYPOST_API_KEY is not set: the carrier adapter would use its sandbox; set it, or ALLOW_SANDBOX=1 to run with the sandbox',
      'DOORDASH_DEVELOPER_ID, DOORDASH_KEY_ID and DOORDASH_SIGNING_SECRET are not all set: the courier adapter would use its sandbox; set them, or ALLOW_SANDBOX=1 to run with the sandbox',
      'MAPS_API_KEY is not set: the maps adapter would use its sandbox; set it, or ALLOW_SANDBOX=1 to run with the sandbox',
    ]);
    // It never listened (no "listening" log line) and never opened the database.
    expect(stdout).not.toMatch(/listening|Merchant console/i);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    expect(readdirSync(dataDir)).toEqual([]);
  }, 180_000);

  it('refuses a value the settings schema does not accept: one line naming it, no stack', async () => {
    const port = 3152;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mc-invalid-'));
    const { code, stdout, stderr } = await startMain({
      ...STRONG,
      ALLOW_SANDBOX: '1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_TTL_HOURS: 'abc',
    });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'SESSION_TTL_HOURS must be a number of hours between 1 and 720, got "abc"',
    ]);
    expect(stdout).not.toMatch(/listening|Merchant console/i);
    expect(readdirSync(dataDir)).toEqual([]);
  }, 180_000);
});
