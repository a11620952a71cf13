import { describe, expect, it } from 'vitest';
import { ENDPOINT_EXAMPLES } from './endpoint-examples.ts';
import { isNonJsonResponse, successStatus } from './endpoint-types.ts';
import { endpoints, OPERATION_IDS } from './endpoints.ts';

describe('endpoint examples', () => {
  it('every JSON endpoint has an example body (when it takes one) and an example answer', () => {
    const missing: string[] = [];
    for (const id of OPERATION_IDS) {
      const e = endpoints[id];
      const ex = ENDPOINT_EXAMPLES[id];
      if ('body' in e && ex?.body === undefined) missing.push(`${id}: body`);
      const spec = (e.responses as Record<number, unknown>)[successStatus(e)];
      if (!isNonJsonResponse(spec as never) && ex?.response === undefined) missing.push(`${id}: response`);
    }
    expect(missing).toEqual([]);
  });

  it('every example is accepted by the schema it illustrates', () => {
    const refused: string[] = [];
    for (const id of OPERATION_IDS) {
      const e = endpoints[id];
      const ex = ENDPOINT_EXAMPLES[id] as { body?: unknown; response?: unknown } | undefined;
      if (!ex) continue;
      if (ex.body !== undefined && 'body' in e) {
        const r = e.body.safeParse(ex.body);
        if (!r.success) refused.push(`${id} body: ${JSON.stringify(r.error.issues)}`);
      }
      const spec = (e.responses as Record<number, unknown>)[successStatus(e)];
      if (ex.response !== undefined && !isNonJsonResponse(spec as never)) {
        const r = (
          spec as { safeParse(v: unknown): { success: boolean; error?: { issues: unknown } } }
        ).safeParse(JSON.parse(JSON.stringify(ex.response)));
        if (!r.success) refused.push(`${id} response: ${JSON.stringify(r.error?.issues)}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
