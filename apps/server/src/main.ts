import { type Config, loadConfig } from './config.ts';
import { exitIfUnsafe } from './config-check.ts';
import { initErrorReporting } from './lib/error-reporting.ts';
import { installProcessSafetyNet } from './runtime/process-safety.ts';
import { startServer, startupLine } from './runtime/server.ts';
import { stopOnSignals } from './runtime/signals.ts';

// Start-up and shutdown live in runtime/ (server.ts, signals.ts, process-safety.ts); this file only wires them.
let config: Config | undefined;
try {
  config = loadConfig();
  exitIfUnsafe(config);
  await initErrorReporting(config.sentryDsn, config.env);
  const server = await startServer(config);
  const log = server.app.log;
  installProcessSafetyNet(log);
  stopOnSignals(server.stop, log);
  log.info({ role: config.role }, startupLine(config, server.database.driver));
} catch (error) {
  // A clear line, not a stack trace: a bad setting, an unreachable database, a failed migration.
  console.error(`The server did not start: ${error instanceof Error ? error.message : String(error)}`);
  if (config?.logLevel === 'debug') console.error(error);
  process.exit(1);
}
