/**
 * The process-level safety net (docs/operations.md, "Database outages"):
 * - `unhandledRejection`: logged (and reported), the process goes on. A rejected promise nobody awaited
 *   concerns the one operation that made it; Node's default (crash) would turn one failed operation into
 *   an outage of every request of the process.
 * - `uncaughtException`: a known "database unavailable" error (an `error` event of a pg client or socket
 *   that lost its server) is logged and the process goes on: the client is discarded and replaced. Any
 *   other exception is logged, reported and the process exits with status 1: the throw unwound an
 *   unknown stack and in-memory state may be half-updated (Node's own advice is not to resume). The
 *   supervisor (compose `restart`, systemd) starts it again; batches resume from the database.
 */
import { flushServerErrors, reportServerError } from '../lib/error-reporting.ts';
import { outageLogOf } from '../lib/outage-log.ts';

export interface SafetyNetLog {
  warn: (obj: unknown, msg: string) => void;
  error: (obj: unknown, msg: string) => void;
  fatal?: (obj: unknown, msg: string) => void;
}

export interface SafetyNet {
  onUnhandledRejection(reason: unknown): void;
  onUncaughtException(error: unknown, origin?: string): void;
  uninstall(): void;
}

export function installProcessSafetyNet(
  log: SafetyNetLog,
  opts: { exit?: (code: number) => void; install?: boolean } = {},
): SafetyNet {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  // A database outage can reject many promises nobody awaited: one line per reason every 10 s.
  const outage = outageLogOf(log);
  const net: SafetyNet = {
    onUnhandledRejection(reason) {
      if (outage.report('process', reason, 'unhandled rejection: database unavailable (the process goes on)'))
        return;
      log.error({ err: reason }, 'unhandled promise rejection (the process goes on)');
      reportServerError(reason, { kind: 'unhandledRejection' });
    },
    onUncaughtException(error, origin) {
      if (
        outage.report('process', error, 'database connection error outside a request (the process goes on)')
      )
        return;
      (log.fatal ?? log.error)({ err: error, origin }, 'uncaught exception: exiting');
      reportServerError(error, { kind: 'uncaughtException' });
      // The report is sent asynchronously: up to 2 s for it to leave before the exit.
      void flushServerErrors(2_000).then(() => exit(1));
    },
    uninstall() {
      process.off('unhandledRejection', net.onUnhandledRejection);
      process.off('uncaughtException', net.onUncaughtException);
    },
  };
  if (opts.install !== false) {
    process.on('unhandledRejection', net.onUnhandledRejection);
    process.on('uncaughtException', net.onUncaughtException);
  }
  return net;
}
