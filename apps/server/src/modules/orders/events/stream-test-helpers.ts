/** Test helpers for the event stream: open a real SSE connection, collect its events, see it end. */
import http from 'node:http';
import type { OrderStreamEvent } from '@mc/api';
import { orderEventsTicketPath } from '@mc/api';
import type { FastifyInstance } from 'fastify';

export interface Stream {
  status: number;
  events: (OrderStreamEvent & { event: string })[];
  /** Set when the server ends the response. */
  ended: boolean;
  body: string;
  close(): void;
}

export function openStream(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers }, (res) => {
      const stream: Stream = {
        status: res.statusCode ?? 0,
        events: [],
        ended: false,
        body: '',
        close: () => req.destroy(),
      };
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        stream.body += chunk;
        buf += chunk;
        let i = buf.indexOf('\n\n');
        while (i >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) stream.events.push({ event, ...JSON.parse(data) });
          i = buf.indexOf('\n\n');
        }
      });
      res.on('end', () => {
        stream.ended = true;
      });
      res.on('close', () => {
        stream.ended = true;
      });
      res.on('error', () => {});
      resolve(stream);
    });
    req.on('error', reject);
  });
}

export async function until(check: () => boolean, ms = 3000): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

/** POST …/orders/events/ticket with a bearer token. */
export async function ticketFor(app: FastifyInstance, tmk: string, token: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: orderEventsTicketPath(tmk),
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`ticket refused: ${res.statusCode} ${res.body}`);
  return res.json().ticket as string;
}

export const eventsUrl = (path: string, ticket: string) => `${path}?ticket=${encodeURIComponent(ticket)}`;
