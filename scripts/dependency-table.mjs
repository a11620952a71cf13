#!/usr/bin/env node
/**
 * The production dependency table of docs/security.md, made from `npm ls`: every package the server
 * (`apps/server`) and the console (`apps/web`) list under `dependencies`, with the version installed
 * from the lock file, which app uses it, and why (a sentence kept in the table itself: --write keeps
 * each package's "why" cell and adds an empty one for a new package).
 *
 *   node scripts/dependency-table.mjs --write   rewrite the table between its markers
 *   node scripts/dependency-table.mjs --check   exit 1 when the table differs from `npm ls` (CI, through
 *                                               scripts/dependency-table.test.ts)
 *
 * A package without a reason is reported by both (a warning, not a failure: whoever adds a dependency
 * writes its line).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DOC = 'docs/security.md';
export const START = '<!-- dependency-table:start (scripts/dependency-table.mjs --write) -->';
export const END = '<!-- dependency-table:end -->';
const APPS = [
  { dir: 'apps/server', label: 'server' },
  { dir: 'apps/web', label: 'web' },
];
const HEADER = ['| package | version | used by | why |', '| --- | --- | --- | --- |'];

/** `npm ls` of the apps' production dependencies (the lock file's versions as installed). */
function npmLs() {
  const out = execFileSync(
    'npm',
    ['ls', '--json', '--depth=0', '--omit=dev', ...APPS.flatMap((a) => ['--workspace', a.dir])],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(out);
}

/** name → { version, users } for the apps' declared production dependencies (workspace packages left out). */
export function productionDependencies(ls, manifests, workspaceNames = new Set()) {
  const rows = new Map();
  for (const app of APPS) {
    const manifest = manifests[app.dir];
    const node = ls.dependencies?.[manifest.name];
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      const dep = node?.dependencies?.[name];
      if (workspaceNames.has(name) || dep?.resolved?.startsWith('file:')) continue;
      if (!dep) throw new Error(`${name} (${app.dir}) is missing from npm ls: run npm ci first`);
      if (!dep.version) throw new Error(`${name} (${app.dir}) is not installed: run npm ci first`);
      const row = rows.get(name) ?? { versions: new Set(), users: [] };
      row.versions.add(dep.version);
      row.users.push(app.label);
      rows.set(name, row);
    }
  }
  return new Map(
    [...rows]
      .sort(([a], [b]) => a.localeCompare(b, 'en'))
      .map(([name, r]) => [name, { version: [...r.versions].join(', '), users: r.users.join(', ') }]),
  );
}

const cells = (line) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());

/** The table between the markers: name → why. */
export function currentTable(doc) {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DOC} has no ${START} … ${END} block`);
  const block = doc.slice(start + START.length, end);
  const why = new Map();
  for (const line of block.split('\n')) {
    if (!line.startsWith('|') || HEADER.includes(line.trim())) continue;
    const [pkg, , , reason] = cells(line);
    const name = pkg?.replace(/`/g, '');
    if (name) why.set(name, reason ?? '');
  }
  return { start, end, why };
}

export function renderTable(deps, why) {
  const lines = [...HEADER];
  for (const [name, { version, users }] of deps)
    lines.push(`| \`${name}\` | ${version} | ${users} | ${why.get(name) ?? ''} |`);
  return lines.join('\n');
}

export function regenerate(doc, deps) {
  const { start, end, why } = currentTable(doc);
  const table = renderTable(deps, why);
  const next = `${doc.slice(0, start + START.length)}\n${table}\n${doc.slice(end)}`;
  const missing = [...deps.keys()].filter((name) => !why.get(name));
  return { next, missing };
}

function main() {
  const mode = process.argv.includes('--write') ? 'write' : process.argv.includes('--check') ? 'check' : null;
  if (!mode) {
    console.error('usage: node scripts/dependency-table.mjs --write | --check');
    process.exit(2);
  }
  const manifests = Object.fromEntries(
    APPS.map((a) => [a.dir, JSON.parse(readFileSync(path.join(root, a.dir, 'package.json'), 'utf8'))]),
  );
  const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const workspaceNames = new Set(
    rootManifest.workspaces.map(
      (dir) => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).name,
    ),
  );
  const deps = productionDependencies(npmLs(), manifests, workspaceNames);
  const file = path.join(root, DOC);
  const doc = readFileSync(file, 'utf8');
  const { next, missing } = regenerate(doc, deps);
  for (const name of missing) console.warn(`${DOC}: no reason given for ${name} (fill in its "why" cell)`);
  if (mode === 'write') {
    if (next !== doc) writeFileSync(file, next);
    console.log(`${DOC}: ${deps.size} production dependencies${next === doc ? ' (unchanged)' : ' written'}`);
    return;
  }
  if (next !== doc) {
    console.error(
      `${DOC}: the dependency table differs from npm ls; run: node scripts/dependency-table.mjs --write`,
    );
    process.exit(1);
  }
  console.log(`${DOC}: dependency table matches npm ls (${deps.size} packages)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
