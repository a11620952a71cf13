import { type Config, loadConfig } from './config.ts';
import { exitIfUnsafe } from './config-check.ts';

// Start-up and shutdown live in runtime/ (server.ts, signals.ts, process-safety.ts); this file only wires them.
// The settings are checked before the rest of the server is even loaded: a refused start (exit 1, one line
// per setting) takes a moment, not the time it takes to load the whole application.
let config: Config | undefined;
try {
  config = loadConfig();
  exitIfUnsafe(config);
  const [
    { initErrorReporting },
    { installProcessSafetyNet },
    { startServer, startupLine },
    { stopOnSignals },
  ] = await Promise.all([
    import('./lib/error-reporting.ts'),
    import('./runtime/process-safety.ts'),
    import('./runtime/server.ts'),
    import('./runtime/signals.ts'),
  ]);
  await initErrorReporting(config.sentryDsn, config.env);
  const server = await startServer(config);
  const log = server.app.log;
  installProcessSafetyNet(log);
  stopOnSignals(server.stop, log);
  log.info({ role: config.role }, startupLine(config, server.database.driver));
} catch (error) {
  // A clear line, not a stack trace: a bad setting, an unreachable database, a failed migration.
  // Without the statement or values of a failed query (lib/logging.ts).
  const { safeErrorMessage, serializeError } = await import('./lib/logging.ts');
  console.error(`The server did not start: ${safeErrorMessage(error)}`);
  if (config?.logLevel === 'debug') console.error((serializeError(error) as { stack?: string }).stack);
  process.exit(1);
}
