import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** What a process does: `api` serves HTTP, `worker` runs the job queue, `all` both (docs/operations.md). */
export type Role = 'all' | 'api' | 'worker';
export const ROLES: readonly Role[] = ['all', 'api', 'worker'];

/** Every setting, read once from the environment (README.md lists them). */
export interface Config {
  env: 'production' | 'development' | 'test';
  role: Role;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  /** Connections per process to a PostgreSQL server. */
  databasePoolSize: number;
  jwtSecret: Uint8Array;
  sessionTtlHours: number;
  marketplaceKey: string;
  clientBasicCredential: string;
  seedDemo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  twilio?: { accountSid: string; authToken: string; from: string };
  stripeSecretKey?: string;
  mapsApiKey?: string;
  sentryDsn?: string;
  oidcGoogle?: { clientId: string; clientSecret: string };
  logLevel: string;
  webDist: string;
}

function bool(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return !['0', 'false', 'no', 'off'].includes(v.toLowerCase());
}

/** A per-installation secret kept in DATA_DIR so sessions survive restarts without configuration. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function parseRole(value: string | undefined, hasServer: boolean): Role {
  const role = (value ?? '').trim().toLowerCase() || 'all';
  if (!ROLES.includes(role as Role))
    throw new Error(`ROLE must be one of ${ROLES.join(', ')} (got '${value}')`);
  if (role !== 'all' && !hasServer)
    throw new Error(
      `ROLE=${role} needs DATABASE_URL: the embedded database (PGlite) belongs to one process, which runs everything (ROLE=all)`,
    );
  return role as Role;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = Number.parseInt(env.PORT ?? '3000', 10);
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR ?? 'data');
  if (mode === 'production' && !env.JWT_SECRET) throw new Error('JWT_SECRET must be set in production');
  if (mode === 'production' && !env.MARKETPLACE_KEY)
    throw new Error('MARKETPLACE_KEY must be set in production');
  const role = parseRole(env.ROLE, Boolean(env.DATABASE_URL));
  const jwtSecret = env.JWT_SECRET ?? localSecret(dataDir);
  return {
    env: mode,
    role,
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Math.max(1, Number.parseInt(env.DATABASE_POOL_SIZE ?? '20', 10) || 20),
    jwtSecret: new TextEncoder().encode(jwtSecret),
    sessionTtlHours: Number.parseInt(env.SESSION_TTL_HOURS ?? '168', 10),
    marketplaceKey: env.MARKETPLACE_KEY ?? 'demo-marketplace-key',
    clientBasicCredential: env.CLIENT_BASIC_CREDENTIAL ?? 'merchant-console:public',
    seedDemo: bool(env.SEED_DEMO, true),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Merchant Console <no-reply@merchant-console.local>',
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM }
        : undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    mapsApiKey: env.MAPS_API_KEY || undefined,
    sentryDsn: env.SENTRY_DSN || undefined,
    oidcGoogle:
      env.OIDC_GOOGLE_CLIENT_ID && env.OIDC_GOOGLE_CLIENT_SECRET
        ? { clientId: env.OIDC_GOOGLE_CLIENT_ID, clientSecret: env.OIDC_GOOGLE_CLIENT_SECRET }
        : undefined,
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    webDist: path.resolve(REPO_ROOT, env.WEB_DIST ?? 'apps/web/dist'),
  };
}
