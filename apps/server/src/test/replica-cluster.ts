/**
 * A PostgreSQL primary and its streaming replica of their own, for the read-replica suite: the system
 * server on 5432 allows no replication connection, so both are made here — initdb in a temporary
 * directory on a free port (wal_level replica, a replication line in pg_hba), pg_basebackup -R into a
 * second directory, started on another port, then waited for until it streams. As root (CI) every
 * PostgreSQL program runs as the `postgres` OS user through runuser: postgres refuses to run as root.
 * `stop()` stops both and removes the directories, and an exit hook does the same if the run dies first.
 */
import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './spawn-server.ts';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';
const PORTS: [number, number] = [3600, 3619];

/** The newest PostgreSQL bin directory with every program the pair needs, or why there is none. */
export function postgresBin(): { bin: string } | { missing: string } {
  const needed = ['initdb', 'pg_ctl', 'pg_basebackup'];
  const versions = existsSync(PG_ROOT)
    ? readdirSync(PG_ROOT)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) {
    const bin = path.join(PG_ROOT, v, 'bin');
    if (needed.every((p) => existsSync(path.join(bin, p)))) return { bin };
  }
  return { missing: `no PostgreSQL binaries (${needed.join(', ')}) under ${PG_ROOT}/*/bin` };
}

export interface ReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  replicaPort: number;
  /** A client on the replica (pause or resume its replay, read pg_stat_activity). */
  replicaClient(): Promise<pg.Client>;
  stopReplica(): Promise<void>;
  /** Stops both servers and removes their directories (idempotent; never throws). */
  stop(): Promise<void>;
}

export async function startReplicaPair(bin: string): Promise<ReplicaPair> {
  const root = mkdtempSync(path.join(tmpdir(), 'mc-replica-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', root]);
  const exe = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { cwd: root })
      : run(path.join(bin, program), args, { cwd: root });
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  const primaryPort = await freePort(PORTS);
  const replicaPort = await freePort(PORTS);
  const stopSync = (dir: string) => {
    if (!existsSync(path.join(dir, 'postmaster.pid'))) return;
    const args = [path.join(bin, 'pg_ctl'), '-D', dir, '-m', 'immediate', '-w', 'stop'];
    try {
      if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'ignore' });
      else execFileSync(args[0]!, args.slice(1), { stdio: 'ignore' });
    } catch {
      /* already stopped */
    }
  };
  // A run that dies before afterAll still leaves no server behind.
  const onExit = () => {
    stopSync(replicaDir);
    stopSync(primaryDir);
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', onExit);
    onExit();
  };
  try {
    await exe('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    // Quick and small: a throw-away server (no fsync), one socket directory of its own.
    appendFileSync(
      path.join(primaryDir, 'postgresql.conf'),
      [
        `port = ${primaryPort}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${root}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        'fsync = off',
        'full_page_writes = off',
        'shared_buffers = 32MB',
        'hot_standby = on',
        'hot_standby_feedback = on',
        '',
      ].join('\n'),
    );
    appendFileSync(path.join(primaryDir, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n');
    await exe('pg_ctl', ['-D', primaryDir, '-l', path.join(root, 'primary.log'), '-w', 'start']);
    await exe('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '--no-sync',
      '-c',
      'fast',
    ]);
    // The copy carries the primary's settings; its port is its own.
    appendFileSync(path.join(replicaDir, 'postgresql.conf'), `port = ${replicaPort}\n`);
    await exe('pg_ctl', ['-D', replicaDir, '-l', path.join(root, 'replica.log'), '-w', 'start']);
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
    await waitForStreaming(primaryUrl);
    return {
      primaryUrl,
      replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
      replicaPort,
      async replicaClient() {
        const c = new pg.Client({
          connectionString: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
        });
        await c.connect();
        return c;
      },
      async stopReplica() {
        await exe('pg_ctl', ['-D', replicaDir, '-m', 'fast', '-w', 'stop']);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Until the primary reports a streaming standby (at most 20 s). */
async function waitForStreaming(primaryUrl: string): Promise<void> {
  const c = new pg.Client({ connectionString: primaryUrl });
  await c.connect();
  try {
    for (let i = 0; i < 200; i++) {
      const { rows } = await c.query("SELECT 1 FROM pg_stat_replication WHERE state = 'streaming'");
      if (rows.length > 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the replica did not start streaming within 20 s');
  } finally {
    await c.end();
  }
}
