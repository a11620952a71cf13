/**
 * SIGTERM / SIGINT: a graceful stop (runtime/server.ts), then exit 0. A stop that has not finished
 * after HARD_LIMIT_MS exits 1 (a supervisor's kill would come soon after anyway: compose waits 10 s).
 * A second signal during the stop changes nothing (with `npm start` the terminal's Ctrl-C reaches the
 * server both directly and through the wrappers).
 */
export const HARD_LIMIT_MS = 9500;

export interface SignalLog {
  info: (obj: unknown, msg: string) => void;
  error: (obj: unknown, msg: string) => void;
}

export function stopOnSignals(
  stop: (reason: string) => Promise<void>,
  log: SignalLog,
  opts: { hardLimitMs?: number; exit?: (code: number) => void } = {},
): void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.info({ signal }, 'already stopping');
      return;
    }
    stopping = true;
    const hard = setTimeout(() => {
      log.error({ afterMs: opts.hardLimitMs ?? HARD_LIMIT_MS }, 'stop did not finish in time: exiting');
      exit(1);
    }, opts.hardLimitMs ?? HARD_LIMIT_MS);
    hard.unref();
    stop(signal).then(
      () => exit(0),
      (err) => {
        log.error({ err }, 'stop failed');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
