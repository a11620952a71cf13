/**
 * One reader of the environment in the server (docs/decisions/0117-one-settings-schema.md): every variable
 * the server reads is an entry of the settings schema (apps/server/src/settings.ts), parsed by
 * apps/server/src/config.ts, which is the only server source that reads `process.env`. Anything else takes
 * its setting from the config object, so a wrong value is refused (production) or warned about
 * (development) once, at start, instead of failing a request later. Tests (and the test harness under
 * apps/server/src/test/) may read and set the environment.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER = 'apps/server/src';
const READER = `${SERVER}/config.ts`;

/** `process.env`, `process['env']`, a destructured `{ env } = process` and `import { env } from 'node:process'`. */
const ENV_READS = [
  /\bprocess\s*(?:\?\.|\.)\s*env\b/g,
  /\bprocess\s*\[\s*['"`]env['"`]\s*\]/g,
  /\{[^}]*\benv\b[^}]*\}\s*=\s*process\b/g,
  /\bimport\s*\{[^}]*\benv\b[^}]*\}\s*from\s*['"](?:node:)?process['"]/g,
  /\bimport\s+\w+\s+from\s*['"](?:node:)?process['"][\s\S]*?\.env\b/g,
];

/** Comments blanked out (line numbers kept): a comment may name `process.env`. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|\s)\/\/.*$/gm, '$1');

/** Each read of the environment in a source text, as 'line: text'. */
function envReads(text: string): string[] {
  const source = withoutComments(text);
  const found: { index: number; text: string }[] = [];
  for (const re of ENV_READS) for (const m of source.matchAll(re)) found.push({ index: m.index, text: m[0] });
  return found
    .sort((a, b) => a.index - b.index)
    .map(({ index, text }) => `${source.slice(0, index).split('\n').length}: ${text.replace(/\s+/g, ' ')}`);
}

/** The server's sources, without tests and the test harness. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return path === `${SERVER}/test` ? [] : sources(path);
    return /\.(?:ts|mts|mjs|js)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path] : [];
  });
}

describe('the environment is read in config.ts only', () => {
  it('finds each way of reading it', () => {
    expect(
      envReads(
        [
          'const a = process.env.PORT;',
          "const b = process['env'];",
          'const { env } = process;',
          "import { env } from 'node:process';",
          'const c = process?.env;',
          "const ok = { env: 'production' }; // config.env is not the environment, nor this process.env",
          '/** nor process.env in a comment */',
        ].join('\n'),
      ),
    ).toEqual([
      '1: process.env',
      "2: process['env']",
      '3: { env } = process',
      "4: import { env } from 'node:process'",
      '5: process?.env',
    ]);
  });

  it('no other server source reads process.env', () => {
    const files = sources(SERVER);
    expect(files).toContain(READER);
    expect(files.length).toBeGreaterThan(100);
    const readers = Object.fromEntries(
      files
        .filter((f) => f !== READER)
        .map((f) => [f, envReads(readFileSync(join(ROOT, f), 'utf8'))] as const)
        .filter(([, reads]) => reads.length > 0),
    );
    expect(
      readers,
      'read the setting from the config object (add it to apps/server/src/settings.ts)',
    ).toEqual({});
    expect(envReads(readFileSync(join(ROOT, READER), 'utf8')).length).toBeGreaterThan(0);
  });
});
