/**
 * Writes the README's Settings table and `.env.example` from the settings schema
 * (apps/server/src/settings.ts: names, defaults, one-line descriptions), plus the few settings that are not
 * the server's: the console's build settings, the Vite dev proxy's target and compose.yaml's own.
 * `scripts/check-deploy.mjs` (CI) imports this module and fails when either file differs from what it
 * generates (docs/decisions/0117-one-settings-schema.md).
 *
 *   npm run settings:docs      rewrite both files
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SETTING_NAMES,
  type SettingDoc,
  type SettingGroup,
  settingDoc,
} from '../apps/server/src/settings.ts';

/** A documented variable: the schema's doc without what only a server setting has (its valid values). */
type Documented = Omit<SettingDoc, 'expects' | 'group' | 'secret'> & { name: string };

/** Read when the console is built (`npm run build`, or the image's build arguments), not by the server. */
const CONSOLE_BUILD: Documented[] = [
  {
    name: 'VITE_SENTRY_DSN',
    description:
      'console build: error reporting of the console (Sentry DSN), written into its page (SENTRY_BROWSER_DSN replaces it at run time)',
    defaultText: '— (off)',
  },
  {
    name: 'VITE_SHIPPING_PARTNER_URL',
    description: "console build: the partner promo card's link on the Carrier page",
    default: 'https://www.example.com/shipping-partner',
  },
];

/** compose.yaml's own settings (its PostgreSQL service and the API replicas' host ports). */
const COMPOSE: Documented[] = [
  { name: 'POSTGRES_USER', description: 'the PostgreSQL user compose.yaml creates', production: 'merchant' },
  {
    name: 'POSTGRES_PASSWORD',
    description: "that user's password",
    production: '',
    hint: 'A long random password: openssl rand -hex 24',
  },
  { name: 'POSTGRES_DB', description: 'the database compose.yaml creates', production: 'merchant' },
  {
    name: 'API_PORTS',
    description: 'host ports of the two API replicas (one each), for your load balancer',
    production: '3000-3001',
  },
];

/** Development only (`npm run dev`): read by apps/web/vite.config.ts, not by the server. */
const DEV: Documented[] = [
  {
    name: 'API_TARGET',
    description:
      "where the Vite dev server's proxy sends the API's paths (`/a`, `/c`, `/m`, `/v1`, `/dev`, `/openapi.json`, `/api-docs`, `/healthz`); set it when the API runs elsewhere than `npm run dev` starts it",
    default: 'http://localhost:3000',
  },
];

const GROUPS: Record<SettingGroup, string> = {
  server: 'The server',
  providers: 'Providers (unset: the sandbox adapters, which send nothing)',
  'provider-urls': 'Base URLs of the providers (staging may point them at a mock) and the per-call time-out',
};

const server = (group?: SettingGroup): Documented[] =>
  SETTING_NAMES.map((name) => ({ name, ...settingDoc(name) }))
    .filter((s) => !group || s.group === group)
    .map(({ expects: _, group: __, secret: ___, ...doc }) => doc);

const defaultCell = (s: Documented) => s.defaultText ?? (s.default === undefined ? '—' : `\`${s.default}\``);
const cell = (text: string) => text.replace(/\|/g, '\\|');

export const README_BEGIN =
  '<!-- settings:begin — written by `npm run settings:docs` from apps/server/src/settings.ts; edit there -->';
export const README_END = '<!-- settings:end -->';

/** The README's generated block: the table of every setting, then the development-only ones. */
export function settingsBlock(): string {
  const rows = [...server(), ...CONSOLE_BUILD].map(
    (s) => `| \`${s.name}\` | ${cell(defaultCell(s))} | ${cell(s.description)} |`,
  );
  const dev = DEV.map((s) => `- \`${s.name}\` (default ${defaultCell(s)}): ${s.description}.`);
  return [
    README_BEGIN,
    '',
    '| variable | default | meaning |',
    '| --- | --- | --- |',
    ...rows,
    '',
    'Development only (`npm run dev`; not read by the server, not in `.env.example`):',
    '',
    ...dev,
    '',
    README_END,
  ].join('\n');
}

/** `readme` with its generated block replaced by the current one. */
export function readmeWithSettings(readme: string): string {
  const begin = readme.indexOf('<!-- settings:begin');
  const end = readme.indexOf(README_END);
  if (begin < 0 || end < begin)
    throw new Error(`README.md: no generated settings block (${README_BEGIN} … ${README_END})`);
  return readme.slice(0, begin) + settingsBlock() + readme.slice(end + README_END.length);
}

const plain = (text: string) => text.replace(/`/g, '');
/** A description as a comment: capitalised unless it starts with a name or value (`api` serves …). */
const sentence = (text: string) =>
  text.startsWith('`') ? `${plain(text)}.` : `${text.charAt(0).toUpperCase()}${plain(text.slice(1))}.`;
/** A default in words as a comment: '— (sandbox outbox)' reads 'sandbox outbox'. */
const unsetText = (text: string) => plain(text).replace(/^— \((.*)\)$/, '$1');

/** A setting's lines: what it is (and its default in words), a hint, then `NAME=value` or `# NAME=default`. */
function envLines(s: Documented): string[] {
  const set = s.production !== undefined;
  const unset =
    !set && s.default === undefined && s.defaultText ? ` Unset: ${unsetText(s.defaultText)}.` : '';
  return [
    `# ${sentence(s.description)}${unset}`,
    ...(s.hint ? [`# ${s.hint}`] : []),
    set ? `${s.name}=${s.production}` : `# ${s.name}=${s.default ?? ''}`,
  ];
}

const section = (title: string) => `# --- ${title} ${'-'.repeat(Math.max(3, 100 - title.length))}`;

/** `.env.example`: every setting, production values uncommented, every other line showing its default. */
export function envExample(): string {
  const blocks = [
    [
      '# Settings of a production deployment (compose.yaml reads this file as .env: `cp .env.example .env`).',
      '# Written by `npm run settings:docs` from the settings schema (apps/server/src/settings.ts): edit there.',
      '# Every setting the README table lists is here. A line without # is what a production deployment sets;',
      '# an empty one is yours to fill in (the server refuses to start in production without it).',
      '# A commented line keeps the default, which it shows (`# NAME=` with nothing after it: unset).',
      '# scripts/check-deploy.mjs (CI) fails when this file is not what the schema generates.',
    ],
    ['', section('PostgreSQL (the db service of compose.yaml; DATABASE_URL is built from these)')],
    ...COMPOSE.map(envLines),
    ...(Object.keys(GROUPS) as SettingGroup[]).flatMap((group) => [
      ['', section(GROUPS[group])],
      ...server(group).map(envLines),
    ]),
    ['', section('Console build (baked into the image by `docker compose build`)')],
    ...CONSOLE_BUILD.map(envLines),
  ];
  return `${blocks.flat().join('\n')}\n`;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const readmeFile = path.join(ROOT, 'README.md');
  writeFileSync(readmeFile, readmeWithSettings(readFileSync(readmeFile, 'utf8')));
  writeFileSync(path.join(ROOT, '.env.example'), envExample());
  console.log('settings:docs: wrote the README Settings table and .env.example');
}
