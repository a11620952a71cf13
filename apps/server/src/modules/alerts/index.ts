/** The alerts module's entry point: alerts to staff by text and email (docs/decisions/0147). */
export { registerTwilioInbound, TWILIO_INBOUND_PATH, twilioSignature } from './inbound.ts';
export { planAlerts } from './planner.ts';
export {
  ALERT_QUEUE,
  type AlertJobs,
  type AlertJobsOptions,
  startAlertJobs,
  stopAlertJobs,
} from './queue.ts';
export { alertHandlers } from './routes.ts';
export { type SendOptions, sendAlert } from './sender.ts';
