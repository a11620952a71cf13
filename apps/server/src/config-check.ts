import { isIP } from 'node:net';
import { ADAPTER_SETTINGS, type AdapterName, sandboxesInUse } from './adapters/choice.ts';
import { type Config, DEMO_MARKETPLACE_KEY } from './config.ts';

export { sandboxesInUse };

export const MIN_JWT_SECRET_BYTES = 32;
export const MIN_MARKETPLACE_KEY_CHARS = 24;
export const MIN_METRICS_TOKEN_CHARS = 24;

const PROXY_ADDR_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyEntry(entry: string): boolean {
  if (PROXY_ADDR_NAMES.includes(entry.toLowerCase()) || isIP(entry)) return true;
  const [ip, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !ip || bits === undefined || !/^\d{1,3}$/.test(bits)) return false;
  const family = isIP(ip);
  return family !== 0 && Number(bits) <= (family === 4 ? 32 : 128);
}

/** The parts of a postgres:// URL the replica checks compare (never its user or password). */
function pgTarget(url: string): { host: string; port: string; database: string; ssl: string } | null {
  try {
    const u = new URL(url);
    const ssl = (
      u.searchParams.get('sslmode') ?? (u.searchParams.get('ssl') === 'true' ? 'require' : '')
    ).toLowerCase();
    return {
      host: u.hostname.toLowerCase(),
      port: u.port || '5432',
      database: decodeURIComponent(u.pathname.slice(1)),
      ssl,
    };
  } catch {
    return null;
  }
}

/** sslmode values that insist on TLS: the replica must not read the same data over less. */
const TLS_REQUIRED = ['require', 'verify-ca', 'verify-full'];

/**
 * DATABASE_REPLICA_URL wrong in any mode: with PGlite it would do nothing; on the primary's own server and
 * database it could never be used (not a standby); another database name is another database's data.
 */
function replicaProblems(config: Config): string[] {
  const replicaUrl = config.databaseReplicaUrl;
  if (!replicaUrl) return [];
  if (!config.databaseUrl)
    return [
      'DATABASE_REPLICA_URL is set without DATABASE_URL: a read replica needs a PostgreSQL primary (the embedded PGlite has none); set DATABASE_URL or unset DATABASE_REPLICA_URL',
    ];
  const primary = pgTarget(config.databaseUrl);
  const replica = pgTarget(replicaUrl);
  if (!primary || !replica) return [];
  if (primary.host === replica.host && primary.port === replica.port)
    return [
      'DATABASE_REPLICA_URL names the same server as DATABASE_URL: point it at a streaming replica, or unset it',
    ];
  if (primary.database !== replica.database)
    return [
      `DATABASE_REPLICA_URL names database "${replica.database}" but DATABASE_URL names "${primary.database}": a streaming replica holds the primary's databases under the same names`,
    ];
  return [];
}

/** Settings that are wrong in any mode (Fastify would fail on them, or they would silently do nothing). */
export function settingProblems(config: Config): string[] {
  const problems: string[] = [...replicaProblems(config)];
  if (config.metrics.port !== undefined && config.metrics.port === config.port)
    problems.push(
      `METRICS_PORT is PORT (${config.port}): the metrics port must be another one, kept internal, or unset`,
    );
  if (!Array.isArray(config.trustProxy)) return problems;
  for (const entry of config.trustProxy) {
    if (/^\d+$/.test(entry))
      problems.push(
        `TRUST_PROXY=${entry} looks like a hop count, which is not supported: list the proxies' addresses or CIDRs (e.g. 10.0.0.0/8), or true`,
      );
    else if (!isProxyEntry(entry))
      problems.push(
        `TRUST_PROXY entry '${entry}' is not an address, a CIDR or one of ${PROXY_ADDR_NAMES.join(', ')}`,
      );
  }
  return problems;
}

/** Starts with the settings' names, as every refusal does: `SMTP_URL is not set: the email adapter …`. */
function sandboxProblem(name: AdapterName): string {
  const settings = ADAPTER_SETTINGS[name];
  const several = settings.includes(' and ');
  return `${settings} ${several ? 'are not all set' : 'is not set'}: the ${name} adapter would use its sandbox; set ${several ? 'them' : 'it'}, or ALLOW_SANDBOX=1 to run with the sandbox`;
}

/**
 * What makes these settings unsafe for production, one line per problem naming the setting (docs/security.md,
 * "What production refuses"). Empty outside production: development keeps its zero-configuration start.
 */
export function productionProblems(config: Config): string[] {
  if (config.env !== 'production') return [];
  // A wrong value (SESSION_TTL_HOURS=abc) first: the settings schema named it (settings.ts).
  const problems: string[] = [...config.invalidSettings];
  const secretBytes = config.jwtSecret.byteLength;
  if (secretBytes === 0) problems.push('JWT_SECRET is not set: set a random secret of at least 32 bytes');
  else if (secretBytes < MIN_JWT_SECRET_BYTES)
    problems.push(
      `JWT_SECRET is ${secretBytes} bytes long: use a random secret of at least ${MIN_JWT_SECRET_BYTES} bytes`,
    );
  const key = config.marketplaceKey;
  if (!key) problems.push('MARKETPLACE_KEY is not set: set a random key of at least 24 characters');
  else if (key === DEMO_MARKETPLACE_KEY)
    problems.push('MARKETPLACE_KEY is the published demo key: set a random key of at least 24 characters');
  else if (key.length < MIN_MARKETPLACE_KEY_CHARS)
    problems.push(
      `MARKETPLACE_KEY is ${key.length} characters long: use a random key of at least ${MIN_MARKETPLACE_KEY_CHARS} characters`,
    );
  if (!config.allowSandbox) {
    for (const name of sandboxesInUse(config)) problems.push(sandboxProblem(name));
  }
  const primaryTls = config.databaseUrl ? pgTarget(config.databaseUrl)?.ssl : undefined;
  const replicaTls = config.databaseReplicaUrl ? pgTarget(config.databaseReplicaUrl)?.ssl : undefined;
  if (
    primaryTls &&
    TLS_REQUIRED.includes(primaryTls) &&
    replicaTls !== undefined &&
    !TLS_REQUIRED.includes(replicaTls)
  )
    problems.push(
      `DATABASE_REPLICA_URL does not require TLS while DATABASE_URL does (sslmode=${primaryTls}): the replica serves the same data; add sslmode=${primaryTls} to it`,
    );
  const metricsToken = config.metrics.token;
  if (metricsToken !== undefined && metricsToken.length < MIN_METRICS_TOKEN_CHARS)
    problems.push(
      `METRICS_TOKEN is ${metricsToken.length} characters long: use a random token of at least ${MIN_METRICS_TOKEN_CHARS} characters`,
    );
  return problems;
}

/**
 * Outside production a wrong value does not stop the start: each one is logged once as a warning, and the
 * setting keeps its default (production refuses it, productionProblems).
 */
export function settingWarnings(config: Config): string[] {
  if (config.env === 'production') return [];
  return config.invalidSettings.map((line) => `${line}; using the default`);
}

/** Warnings for a production start that is allowed but not ordinary (logged once at start). */
export function productionWarnings(config: Config): string[] {
  if (config.env !== 'production') return [];
  const warnings: string[] = [];
  const sandboxes = sandboxesInUse(config);
  if (config.allowSandbox && sandboxes.length > 0)
    warnings.push(
      `ALLOW_SANDBOX=1: running with sandbox adapters (${sandboxes.join(', ')}); nothing they handle reaches a real provider`,
    );
  if (config.trustProxy === true)
    warnings.push(
      'TRUST_PROXY=true: X-Forwarded-For is believed from any peer; safe only if nothing but your proxy reaches this server (prefer its addresses or CIDRs)',
    );
  if (config.seedDemo)
    warnings.push(
      'SEED_DEMO=1: the demo marketplace (accounts with the published demo password) is seeded into an empty database',
    );
  if (config.webhookAllowPrivate)
    warnings.push(
      'WEBHOOK_ALLOW_PRIVATE=1: webhook endpoints may reach loopback, private and link-local addresses (the metadata service among them)',
    );
  return warnings;
}

/** Refuses to start with a wrong setting, or in production with an unsafe one: each problem on its own line on stderr, then exit 1. */
export function exitIfUnsafe(
  config: Config,
  io: { error(line: string): void; exit(code: number): never } = {
    error: (line) => process.stderr.write(`${line}\n`),
    exit: (code) => process.exit(code),
  },
): void {
  const problems = [...settingProblems(config), ...productionProblems(config)];
  if (problems.length === 0) return;
  for (const p of problems) io.error(p);
  io.exit(1);
}
