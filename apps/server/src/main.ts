import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { exitIfUnsafe } from './config-check.ts';
import { openDatabase } from './db/client.ts';
import { startBulkJobs } from './jobs/bulk-queue.ts';
import { initErrorReporting } from './lib/error-reporting.ts';
import { seedIfEmpty } from './seed/seed.ts';

const config = loadConfig();
exitIfUnsafe(config);
await initErrorReporting(config.sentryDsn, config.env);
const database = await openDatabase(config);
await database.migrate();
if (config.seedDemo) await seedIfEmpty(database);
const { app, ctx } = await buildApp({ config, database });
// Background jobs start before we listen, so a batch interrupted by a crash is picked up again at once.
await startBulkJobs(ctx, { log: app.log });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Merchant console on ${config.publicUrl} (database: ${database.driver})`);
