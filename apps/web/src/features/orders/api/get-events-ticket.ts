/** POST …/orders/events/ticket: a single-use, 60-second ticket to open the live events stream. */
import { api } from '../../../lib/api.ts';

export function getEventsTicket(tmk: string, signal?: AbortSignal) {
  return api.createEventsTicket({ params: { tmk }, signal });
}

/** The URL an EventSource opens with a ticket (EventSource cannot send an Authorization header). */
export function orderEventsUrl(tmk: string, ticket: string): string {
  return api.url('streamOrderEvents', { params: { tmk }, query: { ticket } });
}
