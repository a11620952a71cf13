import { loadConfig } from './config.ts';
import { exitIfUnsafe } from './config-check.ts';
import { initErrorReporting } from './lib/error-reporting.ts';
import { safeErrorMessage, serializeError } from './lib/logging.ts';
import { installProcessSafetyNet } from './runtime/process-safety.ts';
import { startServer } from './runtime/server.ts';
import { stopOnSignals } from './runtime/signals.ts';

// Start-up and shutdown live in runtime/ (server.ts, signals.ts, process-safety.ts); this file only wires them.
try {
  const config = loadConfig();
  exitIfUnsafe(config);
  await initErrorReporting(config.sentryDsn, config.env);
  const server = await startServer(config);
  const log = server.app.log;
  installProcessSafetyNet(log);
  stopOnSignals(server.stop, log);
  log.info(
    `Merchant console on ${config.publicUrl} (role: ${config.role}, database: ${server.database.driver})`,
  );
} catch (error) {
  // A clear line, not a stack trace: a bad setting, an unreachable database, a failed migration.
  // Without the statement or values of a failed query (lib/logging.ts).
  console.error(`The server did not start: ${safeErrorMessage(error)}`);
  if (process.env.LOG_LEVEL === 'debug') console.error((serializeError(error) as { stack?: string }).stack);
  process.exit(1);
}
