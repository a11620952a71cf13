/** POST …/orders/events/ticket: a single-use, 60-second ticket to open the live events stream. */
import { type EventsTicket, orderEventsTicketPath } from '@mc/api';
import { http } from '../../../lib/api.ts';

export function getEventsTicket(tmk: string, signal?: AbortSignal): Promise<EventsTicket> {
  return http.post<EventsTicket>(orderEventsTicketPath(tmk), undefined, { signal });
}
