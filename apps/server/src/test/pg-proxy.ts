/**
 * A TCP proxy between a server process and PostgreSQL that a test can cut: `cut()` resets every open
 * connection and stops listening, so new connections are refused (ECONNREFUSED), as when the database host
 * goes away; `restore()` listens again on the same port. The shared PostgreSQL server itself is never
 * stopped (other test runs use it).
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export class PgProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** A postgres:// URL like `databaseUrl` that goes through the proxy. */
  url(databaseUrl: string): string {
    const u = new URL(databaseUrl);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async listen(port = this.port): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as { port: number }).port;
  }

  /** Every connection reset, new ones refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((r) => server.close(() => r())) : Promise.resolve();
    for (const s of this.sockets) s.resetAndDestroy();
    this.sockets.clear();
    await closed;
  }

  async restore(): Promise<void> {
    await this.listen(this.port);
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
