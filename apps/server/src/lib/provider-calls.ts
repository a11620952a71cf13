/**
 * Every call to an outside provider (payments, carrier, courier, text messages, email, maps, webhook
 * receivers) is announced on one diagnostics channel when it ends: which provider, how it ended, how long it
 * took. The adapters publish without knowing who listens; the metrics of each app subscribe
 * (lib/metrics.ts), and a process with no subscriber pays one boolean check per call.
 */
import diagnostics from 'node:diagnostics_channel';

/**
 * `refused`: the provider answered no (HTTP 4xx, a permanent SMTP reply); `failed`: it answered that it
 * could not (HTTP 5xx, a transient SMTP reply); `timeout` and `network_error`: no answer came.
 */
export type ProviderCallOutcome = 'success' | 'refused' | 'failed' | 'timeout' | 'network_error';

export interface ProviderCall {
  /** The provider's name as its adapter gives it (`stripe`, `easypost`, `twilio`, `smtp`, …). */
  provider: string;
  outcome: ProviderCallOutcome;
  /** From the first attempt to the end of the last, retries and back-off included. */
  seconds: number;
}

export const providerCallChannel = diagnostics.channel('merchant-console:provider-call');

/** An HTTP status as an outcome: 2xx and 3xx answered, 4xx refused, 5xx failed. */
export const outcomeOfStatus = (status: number): ProviderCallOutcome =>
  status >= 500 ? 'failed' : status >= 400 ? 'refused' : 'success';

export function publishProviderCall(call: ProviderCall): void {
  if (providerCallChannel.hasSubscribers) providerCallChannel.publish(call);
}
