/**
 * The live order events of one app, as two Fastify plugins that app.ts registers (docs/decisions/0123).
 * fastify-plugin skips encapsulation: their hooks are the app's own, added where app.ts registers each
 * plugin, so the close hooks keep their order against the app's other hooks (the relay and the LISTEN
 * are wired before the error handler, for a worker too; the streams' close hooks after the job queue's).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../../context.ts';
import { sessionCacheOf } from '../../auth/index.ts';
import { listenOrderEvents } from './order-events-pg.ts';
import type { OrderEventRelay } from './order-events-relay.ts';
import type { OrderStreams } from './order-events-stream.ts';

export interface OrderEventsOptions {
  ctx: AppContext;
  /** The outbox relay of `ctx.orderEvents`: started now, stopped on close. */
  relay: OrderEventRelay;
  streams: OrderStreams;
  /** LISTEN for every process's events (on a PostgreSQL server: an API process's consoles, a worker's webhooks). */
  listen: boolean;
}

async function orderEvents(app: FastifyInstance, opts: OrderEventsOptions): Promise<void> {
  const { ctx, relay, streams } = opts;
  const { database, events } = ctx;
  // With a PostgreSQL server, events of every process reach this one through LISTEN/NOTIFY.
  // Events published while this process's LISTEN was down never arrive: once it is back, the open event
  // streams end and every console reconnects, reloading its counts and lists (use-order-events.ts).
  if (opts.listen && database.pool && database.connectionString)
    app.addHook(
      'onClose',
      await listenOrderEvents(database.connectionString, events, app.log, () => {
        app.log.info({ streams: streams.open.size }, 'order events: LISTEN back, consoles asked to resync');
        streams.closeAll();
        // Session revocations sent while the LISTEN was down never arrive: forget every cached session.
        sessionCacheOf(ctx).clear();
      }),
    );
  // Every role publishes the order events its own changes wrote (a worker's bulk accepts included).
  // On close the relay publishes what is left; rows it cannot publish wait for the next start.
  relay.start();
  app.addHook('onClose', () => relay.stop());
}

/** The outbox relay and, with a PostgreSQL server, this process's LISTEN. */
export const orderEventsPlugin = fp(orderEvents, { name: 'order-events', fastify: '5.x' });

async function orderEventStreams(app: FastifyInstance, opts: { streams: OrderStreams }): Promise<void> {
  const { streams } = opts;
  app.addHook('preClose', (done) => {
    streams.closeAll();
    done();
  });
  // The ended streams' places are given back before the database closes.
  app.addHook('onClose', () => streams.settled());
}

/** The open event streams end when the app starts closing (preClose), before it waits for requests. */
export const orderEventStreamsPlugin = fp(orderEventStreams, { name: 'order-event-streams', fastify: '5.x' });
