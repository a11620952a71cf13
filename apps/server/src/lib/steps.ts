/**
 * Steps that call a provider, each with what undoes it (docs/decisions/0124-compensated-steps-for-outside-calls.md).
 *
 * A command that moves money, books a courier or buys a label calls the provider with no transaction
 * open, then writes the outcome. When a later step or that write throws, what the provider already did
 * has to be undone. Instead of each command remembering a try/catch, the undo is part of the step's type
 * (`compensate` is required) and `runSteps` runs it:
 *
 *   return runSteps({ log }, async (run) => {
 *     const capture = await run(captureStep, order);   // completed: its compensation is armed
 *     return writeAccepted(capture);                   // throws → compensations, newest first
 *   });
 *
 * - Steps run one after the other, in the order the body awaits them.
 * - When the body throws, the compensations of the completed steps run in reverse order, each logged
 *   (step, outcome); then the original error is rethrown, unchanged.
 * - A compensation that throws is logged and reported (reportServerError) and the next one still runs;
 *   it never hides the original error.
 * - A step whose `run` throws is not completed: it is not compensated. Provider calls are keyed
 *   (idempotency keys), so a call that failed half-way is answered the same way when it is made again.
 *
 * The shape is Medusa's `createStep(id, invoke, compensate)`, without the workflow engine: nothing is
 * persisted, so a process that dies between a step and its write leaves the compensation undone (the
 * idempotency keys let a retry pick the effect up again).
 */
import { reportServerError } from './error-reporting.ts';

/** What a compensation says it did ('refunded', 'kept: …'), logged with the step's name. */
export type CompensationOutcome = string;

export interface Step<In, Out> {
  /** Logged and reported with the compensation ('capture payment', 'book courier', …). */
  readonly name: string;
  run(input: In): Promise<Out>;
  /**
   * Undoes what `run` did, from its input and output. Required: a step with an outside effect cannot be
   * written without saying how it is undone (a step that cannot be undone says so, e.g. by reporting).
   * Returns what it did, for the log.
   */
  compensate(input: In, output: Out): Promise<CompensationOutcome | undefined>;
}

/** Medusa's shape: `createStep(name, run, compensate)`. */
export function createStep<In, Out>(
  name: string,
  run: (input: In) => Promise<Out>,
  compensate: (input: In, output: Out) => Promise<CompensationOutcome | undefined>,
): Step<In, Out> {
  return { name, run, compensate };
}

/** The logger the runner writes to (a Fastify request's or the job queue's pino logger fits). */
export interface StepLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RunStepsOptions {
  /** Where each compensation is logged; without one, failed compensations are still reported. */
  log?: StepLog | undefined;
  /** Added to every log line and report (an order id, say). */
  context?: Record<string, unknown>;
}

/** Runs one step inside `runSteps`: its output, and its compensation armed once it has completed. */
export type RunStep = <In, Out>(step: Step<In, Out>, input: In) => Promise<Out>;

interface Completed {
  name: string;
  undo: () => Promise<CompensationOutcome | undefined>;
}

export async function runSteps<T>(opts: RunStepsOptions, body: (run: RunStep) => Promise<T>): Promise<T> {
  const completed: Completed[] = [];
  const run: RunStep = async (step, input) => {
    const output = await step.run(input);
    completed.push({ name: step.name, undo: () => step.compensate(input, output) });
    return output;
  };
  try {
    return await body(run);
  } catch (error) {
    await compensate(completed, opts, error);
    throw error;
  }
}

async function compensate(completed: Completed[], opts: RunStepsOptions, cause: unknown): Promise<void> {
  const context = opts.context ?? {};
  for (const step of [...completed].reverse()) {
    try {
      const outcome = await step.undo();
      opts.log?.info(
        { ...context, step: step.name, outcome: outcome ?? 'compensated', cause: errorName(cause) },
        'step compensated',
      );
    } catch (error) {
      opts.log?.error(
        { ...context, step: step.name, outcome: 'compensation failed', err: error, cause: errorName(cause) },
        'step compensation failed',
      );
      reportServerError(error, { ...context, step: step.name, compensation: 'failed' });
    }
  }
}

/** The failure that set the compensations off, named (its message may carry a statement). */
function errorName(error: unknown): string {
  if (error instanceof Error) return 'code' in error && error.code ? String(error.code) : error.name;
  return typeof error;
}
