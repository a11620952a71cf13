/**
 * The environment Docker Compose v2 gives a service of compose.yaml, worked out without Docker (no engine
 * and no Compose v2 client run on these machines; decision 0116 says why this is written here):
 *
 * - the project's `.env` supplies the interpolation variables, and the shell's environment wins over it;
 * - every string value of the file is interpolated (the Compose specification's "Interpolation": `$VAR`,
 *   `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}`, `${VAR?error}`, `${VAR:+alt}`,
 *   `${VAR+alt}`, nesting inside the operand, `$$` for a literal `$`; keys are not interpolated);
 * - a service's environment is its `env_file` entries, in order, overridden by its `environment:` entries
 *   (a name without a value takes the shell's value, or is left out);
 * - `.env` and env_file use Compose's dotenv format: `KEY=value`, optional `export `, `#` comments (after a
 *   space on an unquoted value), single quotes literal, double quotes with `\n`-style escapes, and
 *   interpolation of unquoted and double-quoted values with the variables read so far.
 *
 * YAML anchors and merge keys (`<<: *server`) are resolved by the yaml package, as Compose does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

export type Vars = Record<string, string>;

export class ComposeError extends Error {}

const NAME = /^[_a-zA-Z][_a-zA-Z0-9]*/;

/** The index of the `}` closing the `${` whose body starts at `from` (nested `${…}` skipped). */
function closingBrace(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    if (text[i] === '$' && text[i + 1] === '$') {
      i++;
      continue;
    }
    if (text[i] === '$' && text[i + 1] === '{') {
      depth++;
      i++;
    } else if (text[i] === '}' && --depth === 0) return i;
  }
  throw new ComposeError(`invalid interpolation format: unclosed \${ in "${text}"`);
}

/** One braced expression's body (`VAR:-default` …) resolved against `vars`. */
function resolveBraced(body: string, vars: Vars): string {
  const name = NAME.exec(body)?.[0];
  if (!name) throw new ComposeError(`invalid interpolation format for "\${${body}}"`);
  const rest = body.slice(name.length);
  const value = vars[name];
  const set = value !== undefined;
  const nonEmpty = set && value !== '';
  if (rest === '') return value ?? '';
  const op = /^(:-|-|:\?|\?|:\+|\+)/.exec(rest)?.[0];
  if (!op) throw new ComposeError(`invalid interpolation format for "\${${body}}"`);
  const operand = () => interpolate(rest.slice(op.length), vars);
  switch (op) {
    case ':-':
      return nonEmpty ? value : operand();
    case '-':
      return set ? value : operand();
    case ':?':
      if (!nonEmpty) throw new ComposeError(`required variable ${name} is missing a value: ${operand()}`);
      return value;
    case '?':
      if (!set) throw new ComposeError(`required variable ${name} is missing a value: ${operand()}`);
      return value;
    case ':+':
      return nonEmpty ? operand() : '';
    default:
      return set ? operand() : '';
  }
}

/** Compose's interpolation of one string. */
export function interpolate(text: string, vars: Vars): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '$') {
      out += c;
      continue;
    }
    const next = text[i + 1];
    if (next === '$') {
      out += '$';
      i++;
    } else if (next === '{') {
      const end = closingBrace(text, i + 2);
      out += resolveBraced(text.slice(i + 2, end), vars);
      i = end;
    } else {
      const name = NAME.exec(text.slice(i + 1))?.[0];
      if (name) {
        out += vars[name] ?? '';
        i += name.length;
      } else out += '$';
    }
  }
  return out;
}

/** Every string value of a parsed YAML tree interpolated (keys untouched). */
export function interpolateTree(node: unknown, vars: Vars): unknown {
  if (typeof node === 'string') return interpolate(node, vars);
  if (Array.isArray(node)) return node.map((n) => interpolateTree(n, vars));
  if (node && typeof node === 'object')
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateTree(v, vars)]));
  return node;
}

const DOUBLE_QUOTE_ESCAPES: Record<string, string> = {
  n: '\n',
  r: '\r',
  t: '\t',
  '"': '"',
  '\\': '\\',
  $: '$',
};

/** A dotenv file as Compose reads it; unquoted and double-quoted values are interpolated with `lookup`. */
export function parseDotenv(text: string, lookup: Vars = {}): Vars {
  const vars: Vars = {};
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let n = 0; n < lines.length; n++) {
    let line = (lines[n] ?? '').trimStart();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('export ')) line = line.slice('export '.length).trimStart();
    const eq = line.indexOf('=');
    if (eq < 0) {
      // A name alone: taken from the environment when set there.
      const key = line.trim();
      if (lookup[key] !== undefined) vars[key] = lookup[key];
      continue;
    }
    const key = line.slice(0, eq).trim();
    if (!NAME.test(key) || NAME.exec(key)?.[0] !== key)
      throw new ComposeError(`invalid variable name "${key}"`);
    let raw = line.slice(eq + 1).trimStart();
    let value: string;
    const env = { ...lookup, ...vars };
    if (raw.startsWith("'") || raw.startsWith('"')) {
      const quote = raw[0];
      // A quoted value may run over several lines.
      let body = raw.slice(1);
      let end = quote === "'" ? body.indexOf("'") : findDoubleQuoteEnd(body);
      while (end < 0 && n + 1 < lines.length) {
        body += `\n${lines[++n]}`;
        end = quote === "'" ? body.indexOf("'") : findDoubleQuoteEnd(body);
      }
      if (end < 0) throw new ComposeError(`unterminated quoted value for ${key}`);
      const inner = body.slice(0, end);
      value =
        quote === "'"
          ? inner
          : interpolate(
              inner.replace(/\\([nrt"\\$])/g, (_, ch: string) =>
                ch === '$' ? '$$' : (DOUBLE_QUOTE_ESCAPES[ch] ?? ch),
              ),
              env,
            );
    } else {
      const comment = raw.search(/\s#/);
      if (comment >= 0) raw = raw.slice(0, comment);
      value = interpolate(raw.trim(), env);
    }
    vars[key] = value;
  }
  return vars;
}

function findDoubleQuoteEnd(body: string): number {
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\') i++;
    else if (body[i] === '"') return i;
  }
  return -1;
}

export interface ComposeProject {
  /** The interpolated compose file. */
  file: { services: Record<string, Record<string, unknown>> } & Record<string, unknown>;
  /** The environment of one service's containers, as Compose passes it (without the image's ENV). */
  serviceEnv(name: string): Vars;
}

/**
 * Loads `compose.yaml` from `dir` as `docker compose` would, with `dotenv` as the project's `.env` and `shell`
 * as the caller's environment.
 */
export function loadCompose(dir: string, dotenv: string, shell: Vars = {}): ComposeProject {
  const projectVars = { ...parseDotenv(dotenv, shell), ...shell };
  const raw = parseYaml(readFileSync(path.join(dir, 'compose.yaml'), 'utf8'), { merge: true });
  const file = interpolateTree(raw, projectVars) as ComposeProject['file'];
  const readEnvFile = (p: string) =>
    p === '.env' || path.resolve(dir, p) === path.resolve(dir, '.env')
      ? dotenv
      : readFileSync(path.resolve(dir, p), 'utf8');
  return {
    file,
    serviceEnv(name) {
      const svc = file.services?.[name];
      if (!svc) throw new ComposeError(`no service ${name}`);
      const env: Vars = {};
      const envFiles = [svc.env_file ?? []].flat() as (string | { path: string; required?: boolean })[];
      for (const entry of envFiles) {
        const p = typeof entry === 'string' ? entry : entry.path;
        Object.assign(env, parseDotenv(readEnvFile(p), projectVars));
      }
      const environment = svc.environment as Record<string, unknown> | string[] | undefined;
      const entries: [string, unknown][] = Array.isArray(environment)
        ? environment.map((e) => {
            const i = e.indexOf('=');
            return i < 0 ? [e, null] : [e.slice(0, i), e.slice(i + 1)];
          })
        : Object.entries(environment ?? {});
      for (const [key, value] of entries) {
        if (value === null || value === undefined) {
          if (shell[key] !== undefined) env[key] = shell[key];
        } else env[key] = String(value);
      }
      return env;
    },
  };
}

/** The runtime stage's `ENV` of a Dockerfile (the image's environment before Compose adds its own). */
export function dockerfileRuntimeEnv(dockerfile: string): Vars {
  const text = dockerfile.replace(/\\\n/g, ' ');
  const stages = text.split(/^FROM\s/m);
  const runtime = stages.at(-1) ?? '';
  const env: Vars = {};
  for (const line of runtime.split('\n')) {
    const m = /^ENV\s+(.*)$/.exec(line.trim());
    if (!m) continue;
    for (const pair of (m[1] ?? '').matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g))
      env[pair[1] as string] = (pair[2] ?? '').replace(/^"(.*)"$/, '$1');
  }
  return env;
}
