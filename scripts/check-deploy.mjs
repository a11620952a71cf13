#!/usr/bin/env node
/**
 * Keeps the deploy files in step with what CI runs (no Docker engine runs on the development and CI
 * machines, so the image is never built there; this check is what keeps it honest):
 *
 * - Node: .node-version (what CI and scripts/use-node.sh install), package.json's engines and the image
 *   agree on the major, and CI runs it;
 * - install: the lock file lists every platform package (a fresh `npm ci` on any OS finds its
 *   binaries) and every locked package supports the Node CI runs (no EBADENGINE warnings);
 * - Dockerfile: the Node major CI tests, the same `npm ci` and `npm run build` as .ci/run, production
 *   dependencies only, a non-root user, a HEALTHCHECK on /healthz, and `CMD node <the entry point the
 *   build makes>`; with --after-build, every file the runtime stage copies exists;
 * - settings: the README's Settings table and .env.example are what the settings schema generates
 *   (apps/server/src/settings.ts, `npm run settings:docs`), and they, compose.yaml, the Dockerfile and
 *   the environment variables the code reads all name the same settings;
 * - compose.yaml: PostgreSQL with a volume and a healthcheck, API replicas (ROLE=api, two or more)
 *   and a worker (ROLE=worker), built from this Dockerfile, settings from .env (a DATABASE_URL there
 *   wins), every service's log rotated.
 *
 *   node scripts/check-deploy.mjs [--after-build]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { parse as parseYaml } from 'yaml';

// CHECK_DEPLOY_ROOT: check another tree (the check's own tests run it on altered copies).
const root =
  process.env.CHECK_DEPLOY_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const afterBuild = process.argv.includes('--after-build');
const problems = [];
const fail = (msg) => problems.push(msg);

/** Settings only the deploy files know: compose's PostgreSQL service, host ports, the process role. */
const DEPLOY_ONLY = new Set(['POSTGRES_USER', 'POSTGRES_PASSWORD', 'POSTGRES_DB', 'API_PORTS', 'ROLE']);
/** Variables the code reads that are not settings of a deployment. */
const NOT_SETTINGS = new Set([
  'MODE',
  'DEV',
  'PROD',
  'SSR',
  'BASE_URL',
  'API_TARGET',
  'CI',
  'TEST_DB',
  'TEST_DATABASE_URL',
]);
/** Runtime tuning of Node itself, allowed in the Dockerfile. */
const NODE_ENV_VARS = new Set(['NODE_OPTIONS']);

// --- the README's Settings table -------------------------------------------------------------------
export function readmeSettings(readme) {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Settings'));
  if (!section) return new Set();
  const names = new Set();
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) continue;
    const first = line.split('|')[1] ?? '';
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]);
  }
  return names;
}
const settings = readmeSettings(read('README.md'));
if (settings.size < 10) fail('README.md: no Settings table found (## Settings, one `NAME` per row)');
const isSetting = (name) => settings.has(name) || DEPLOY_ONLY.has(name);

// --- install: lock complete and engines ------------------------------------------------------------
const lock = JSON.parse(read('package-lock.json'));
const packages = lock.packages ?? {};
for (const [key, entry] of Object.entries(packages)) {
  const range = entry.engines?.node;
  if (range && !semver.satisfies(process.version, range, { includePrerelease: true }))
    fail(
      `package-lock.json: ${key || 'the root package'}@${entry.version ?? ''} wants node ${range}, CI runs ${process.version} (pick a version whose engines match)`,
    );
  for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
    // Where npm would find it: nested under this package, then under each ancestor, then at the top.
    // The nearest entry of that name is the one npm resolves; it must also be a version the range allows.
    let found = false;
    const range = entry.optionalDependencies[dep];
    for (let base = key; ; ) {
      const hit = packages[`${base ? `${base}/` : ''}node_modules/${dep}`];
      if (hit) {
        found = !semver.validRange(range) || semver.satisfies(hit.version ?? '0.0.0', range);
        break;
      }
      if (!base) break;
      const cut = base.lastIndexOf('/node_modules/');
      base = cut >= 0 ? base.slice(0, cut) : '';
    }
    if (!found)
      fail(
        `package-lock.json: ${key} lists the optional ${dep} but the lock has no entry for it (npm ci fails on a fresh clone); is ${dep}@${entry.optionalDependencies[dep]} in the registry?`,
      );
  }
}

// --- Dockerfile --------------------------------------------------------------------------------------
const dockerfile = read('Dockerfile').replace(/\\\n/g, ' ');
const instructions = dockerfile
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [op, ...rest] = l.split(/\s+/);
    return { op: op.toUpperCase(), args: rest.join(' ') };
  });
const args = Object.fromEntries(
  instructions
    .filter((i) => i.op === 'ARG')
    .map((i) => {
      const [name, value = ''] = i.args.split('=');
      return [name, value];
    }),
);
const stages = [];
for (const ins of instructions) {
  if (ins.op === 'FROM') {
    const [image, , name] = ins.args.split(/\s+/);
    stages.push({ image: image.replace(/\$\{(\w+)\}/g, (_, v) => args[v] ?? ''), name, ins: [] });
  } else stages.at(-1)?.ins.push(ins);
}
const ciMajor = process.versions.node.split('.')[0];
// --- Node: one major everywhere ---------------------------------------------------------------------
const nodeVersion = existsSync(path.join(root, '.node-version')) ? read('.node-version').trim() : '';
const wantedMajor = /^v?(\d+)\./.exec(nodeVersion)?.[1];
if (!wantedMajor) fail('.node-version: expected the exact Node.js version CI installs (e.g. 24.21.0)');
else {
  if (wantedMajor !== ciMajor)
    fail(
      `.node-version wants Node ${wantedMajor}, CI runs Node ${ciMajor} (does .ci/run source scripts/use-node.sh?)`,
    );
  const engines = JSON.parse(read('package.json')).engines?.node ?? '';
  if (engines !== `>=${wantedMajor}`)
    fail(`package.json: engines.node is "${engines}", expected ">=${wantedMajor}" (.node-version's major)`);
}
if (stages.length < 2) fail('Dockerfile: expected a multi-stage build (build, then runtime)');
for (const stage of stages) {
  const m = /^node:(\d+)[\w.-]*-slim$/.exec(stage.image);
  if (!m) fail(`Dockerfile: stage ${stage.name ?? ''} is FROM ${stage.image}, expected node:<major>-…-slim`);
  else if (m[1] !== ciMajor)
    fail(
      `Dockerfile: stage ${stage.name ?? ''} runs Node ${m[1]}, CI tests Node ${ciMajor}: keep them the same`,
    );
}
const runs = (stage) => stage.ins.filter((i) => i.op === 'RUN').map((i) => i.args);
/** `line` runs `cmd` exactly, give or take npm's quiet flags (a filtered build is another command). */
const sameCommand = (line, cmd) =>
  line
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '--no-audit' && w !== '--no-fund')
    .join(' ') === cmd;
/** The stage that runs the build (as CI does); another stage may install production dependencies. */
const buildStage = stages.find((s) => runs(s).some((r) => sameCommand(r, 'npm run build')));
const runtime = stages.at(-1);
const ciRun = read('.ci/run');
/** The npm commands CI runs, as the Dockerfile must run them too. */
for (const cmd of ['npm ci', 'npm run build']) {
  const inCi = ciRun.split('\n').some((line) => sameCommand(line, cmd));
  if (!inCi) fail(`.ci/run: expected \`${cmd}\` (the Dockerfile runs it; keep CI running the same)`);
  if (!runs(buildStage ?? { ins: [] }).some((r) => sameCommand(r, cmd)))
    fail(`Dockerfile: the build stage must RUN \`${cmd}\` as CI does`);
}
const buildScript = JSON.parse(read('package.json')).scripts?.build ?? '';
if (!/apps\/web/.test(buildScript) || !/apps\/server/.test(buildScript))
  fail(`package.json: "build" must build the console and the server (is: ${buildScript})`);
if (!stages.some((s) => runs(s).some((r) => /npm (prune|ci)\b.*--omit=dev/.test(r))))
  fail('Dockerfile: no `npm prune --omit=dev` (or `npm ci --omit=dev`): dev tools would ship in the image');
const users = runtime?.ins.filter((i) => i.op === 'USER').map((i) => i.args) ?? [];
if (users.length === 0 || ['root', '0'].includes(users.at(-1)))
  fail('Dockerfile: the runtime stage must run as a non-root USER');
const health = runtime?.ins.find((i) => i.op === 'HEALTHCHECK');
if (!health?.args.includes('/healthz') || /\bcurl\b|\bwget\b/.test(health?.args ?? ''))
  fail(
    'Dockerfile: the runtime stage needs a HEALTHCHECK on /healthz run with node (slim images have no curl)',
  );
const cmd = runtime?.ins.find((i) => i.op === 'CMD');
let entry;
try {
  const argv = JSON.parse(cmd?.args ?? 'null');
  if (Array.isArray(argv) && argv.length === 2 && argv[0] === 'node') entry = argv[1];
} catch {}
if (!entry) fail('Dockerfile: CMD must be ["node", "<entry>.js"] (exec form, so SIGTERM reaches node)');

// The entry point is what the build makes: apps/server/build.mjs's `main` entry, written to dist/.
const serverBuild = read('apps/server/build.mjs');
if (
  !/\bmain:\s*'apps\/server\/src\/main\.ts'/.test(serverBuild) ||
  !/outdir\s*=\s*path\.join\(serverDir, 'dist'\)/.test(serverBuild)
)
  fail(
    'apps/server/build.mjs: expected the entry `main: apps/server/src/main.ts` written to apps/server/dist',
  );
if (entry && entry !== 'apps/server/dist/main.js')
  fail(`Dockerfile: CMD runs ${entry}, the build makes apps/server/dist/main.js`);
const startScript = read('scripts/start.mjs');
if (entry && !startScript.includes(`'${entry}'`) && !startScript.includes(entry.split('/').join("', '")))
  fail(`scripts/start.mjs (npm start) must run the same entry point as the Dockerfile (${entry})`);

const runtimeEnv = new Set();
for (const ins of runtime?.ins ?? []) {
  if (ins.op !== 'ENV') continue;
  for (const m of ins.args.matchAll(/([A-Z][A-Z0-9_]*)=/g)) runtimeEnv.add(m[1]);
}
for (const name of runtimeEnv)
  if (!isSetting(name) && !NODE_ENV_VARS.has(name))
    fail(`Dockerfile: ENV ${name} is not a setting in the README table`);
for (const name of Object.keys(args))
  if (name !== 'NODE_IMAGE' && !isSetting(name))
    fail(`Dockerfile: ARG ${name} is not a setting in the README table`);

if (afterBuild) {
  for (const ins of runtime?.ins ?? []) {
    if (ins.op !== 'COPY' || !ins.args.includes('--from=')) continue;
    const parts = ins.args.split(/\s+/).filter((p) => !p.startsWith('--'));
    for (const src of parts.slice(0, -1)) {
      const rel = src.replace(/^\/app\/?/, '');
      if (!existsSync(path.join(root, rel)))
        fail(
          `Dockerfile: the runtime stage copies ${src}, which \`npm run build\` did not make (${rel} is missing)`,
        );
    }
  }
  if (entry && existsSync(path.join(root, entry))) {
    const dist = path.dirname(path.join(root, entry));
    for (const file of readdirSync(dist).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(path.join(dist, file), 'utf8');
      for (const tool of ['tsx', 'typescript', 'vite', 'esbuild', 'vitest'])
        if (new RegExp(`from ['"]${tool}(/[^'"]*)?['"]|import\\(['"]${tool}['"]\\)`).test(code))
          fail(`${path.relative(root, path.join(dist, file))} imports ${tool}, a development tool`);
    }
  } else if (entry) fail(`${entry} is missing after \`npm run build\``);
}

// --- .dockerignore ----------------------------------------------------------------------------------
const dockerignore = read('.dockerignore')
  .split('\n')
  .map((l) => l.trim());
for (const must of ['**/node_modules', '**/dist', 'data', '.env'])
  if (!dockerignore.includes(must)) fail(`.dockerignore: must exclude ${must}`);

// --- .env.example -----------------------------------------------------------------------------------
const envExample = new Set([...read('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
for (const name of settings)
  if (!envExample.has(name)) fail(`.env.example: ${name} (in the README table) is missing`);
for (const name of envExample)
  if (!isSetting(name)) fail(`.env.example: ${name} is not a setting in the README table`);

// --- the generated settings docs --------------------------------------------------------------------
// Both are written from the settings schema by scripts/settings-docs.ts (this checkout's, run through tsx:
// CI's Node runs no TypeScript of its own) and must be exactly what it writes (docs/decisions/0117).
{
  const { tsImport } = await import('tsx/esm/api');
  const docs = await tsImport(
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'settings-docs.ts'),
    import.meta.url,
  );
  const regenerate = 'run `npm run settings:docs` and commit the result';
  const readme = read('README.md');
  try {
    if (docs.readmeWithSettings(readme) !== readme)
      fail(`README.md: the Settings table is not what the settings schema generates: ${regenerate}`);
  } catch (error) {
    fail(error.message);
  }
  if (docs.envExample() !== read('.env.example'))
    fail(`.env.example: not what the settings schema generates: ${regenerate}`);
}

// --- compose.yaml -----------------------------------------------------------------------------------
const composeText = read('compose.yaml');
const compose = parseYaml(composeText, { merge: true });
const services = compose?.services ?? {};
const db = services.db;
if (!db || !/^postgres(:|$)/.test(db.image ?? '')) fail('compose.yaml: a `db` service on a postgres image');
if (!db?.volumes?.length) fail('compose.yaml: the db service keeps its data in a volume');
if (!db?.healthcheck) fail('compose.yaml: the db service needs a healthcheck (the servers wait for it)');
const servers = Object.entries(services).filter(([name]) => name !== 'db');
const roleOf = (svc) => (Array.isArray(svc.environment) ? undefined : svc.environment?.ROLE);
const api = servers.filter(([, s]) => roleOf(s) === 'api');
const workers = servers.filter(([, s]) => roleOf(s) === 'worker');
const replicas = (svc) => svc.deploy?.replicas ?? 1;
if (api.reduce((n, [, s]) => n + replicas(s), 0) < 2)
  fail('compose.yaml: two or more API processes (ROLE=api)');
if (workers.reduce((n, [, s]) => n + replicas(s), 0) < 1) fail('compose.yaml: a worker (ROLE=worker)');
for (const [name, svc] of servers) {
  const context = typeof svc.build === 'string' ? svc.build : svc.build?.context;
  if (context !== '.' || (svc.build?.dockerfile && svc.build.dockerfile !== 'Dockerfile'))
    fail(`compose.yaml: ${name} must build from ./Dockerfile`);
  const envFiles = [svc.env_file].flat().map((f) => (typeof f === 'string' ? f : f?.path));
  if (!envFiles.includes('.env')) fail(`compose.yaml: ${name} must read its settings from .env (env_file)`);
  if (!['api', 'worker', 'all'].includes(roleOf(svc)))
    fail(`compose.yaml: ${name} needs ROLE api, worker or all`);
  for (const key of Object.keys(svc.environment ?? {}))
    if (!isSetting(key)) fail(`compose.yaml: ${name} sets ${key}, not a setting in the README table`);
  for (const key of Object.keys(svc.build?.args ?? {}))
    if (!isSetting(key))
      fail(`compose.yaml: ${name} passes the build arg ${key}, not a setting in the README table`);
  if (svc.command) fail(`compose.yaml: ${name} overrides the image's CMD; keep the one entry point`);
}
for (const [name, svc] of Object.entries(services))
  if (
    svc.logging?.driver !== 'json-file' ||
    !svc.logging?.options?.['max-size'] ||
    !svc.logging?.options?.['max-file']
  )
    fail(`compose.yaml: ${name} needs a rotated log (logging: json-file with max-size and max-file)`);
for (const [name, svc] of servers) {
  const url = Array.isArray(svc.environment) ? undefined : svc.environment?.DATABASE_URL;
  if (url !== undefined && !String(url).startsWith('${DATABASE_URL:-'))
    fail(
      `compose.yaml: ${name} sets DATABASE_URL over the one in .env; write \${DATABASE_URL:-…} so .env wins`,
    );
}
for (const m of composeText.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g))
  if (!envExample.has(m[1])) fail(`compose.yaml: \${${m[1]}} is not in .env.example`);

// --- settings the code reads ------------------------------------------------------------------------
function sources(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'test') continue;
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.(ts|tsx|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}
const codeFiles = ['apps/server/src', 'apps/web/src', 'packages/domain/src', 'packages/api/src']
  .flatMap((d) => sources(path.join(root, d)))
  .concat([path.join(root, 'apps/web/vite.config.ts')].filter((f) => existsSync(f)));
for (const file of codeFiles) {
  const code = readFileSync(file, 'utf8');
  for (const m of code.matchAll(/\benv\.([A-Z][A-Z0-9_]+)|\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g)) {
    const name = m[1] ?? m[2];
    if (!isSetting(name) && !NOT_SETTINGS.has(name))
      fail(`${path.relative(root, file)} reads ${name}, which the README's Settings table does not list`);
  }
}

if (problems.length > 0) {
  console.error(`check-deploy: ${problems.length} problem(s):\n  - ${[...new Set(problems)].join('\n  - ')}`);
  process.exit(1);
}
console.log(
  `check-deploy: Dockerfile, compose.yaml, .env.example and the lock file are in step with CI (Node ${ciMajor}, ${settings.size} settings${afterBuild ? ', build output present' : ''})`,
);
