import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints.ts';
import { ROUTES } from './routes.ts';
import { routesFromEndpoints } from './routes-from-endpoints.ts';

describe('ROUTES (the schema-free projection of the endpoint table)', () => {
  it('is exactly what the endpoint table says; run `npm run api:routes` when this fails', () => {
    expect(ROUTES).toEqual(routesFromEndpoints());
    expect(Object.keys(ROUTES)).toEqual(Object.keys(endpoints));
  });

  it('names the kind of every success answer the client must read differently', () => {
    expect(ROUTES.getOrderReport.kind).toBe('binary');
    expect(ROUTES.streamOrderEvents.kind).toBe('event-stream');
    expect(ROUTES.startOidc.kind).toBe('redirect');
    expect(ROUTES.listOrders.kind).toBe('json');
  });
});
