import { afterEach, describe, expect, it } from 'vitest';
import { postWebhook } from './post.ts';
import { type Receiver, startReceiver } from './test-receiver.ts';

let receiver: Receiver;
afterEach(async () => receiver?.close());

const send = (url: string, allowPrivate: boolean) =>
  postWebhook({ url, body: '{}', headers: { 'webhook-id': 'evt_x' }, timeoutMs: 2000, allowPrivate });

describe('postWebhook', () => {
  it('keeps connections alive, and a socket kept for an allowed address never serves a refused one', async () => {
    receiver = await startReceiver();
    for (let i = 0; i < 3; i++) expect((await send(receiver.url, true)).status).toBe(200);
    expect(receiver.received.map((r) => r.headers.connection)).toEqual([
      'keep-alive',
      'keep-alive',
      'keep-alive',
    ]);
    const refused = await send(receiver.url, false);
    expect(refused).toMatchObject({ status: null, refused: true });
    expect(receiver.received).toHaveLength(3);
  });

  it('checks the addresses a name resolves to when it connects', async () => {
    receiver = await startReceiver();
    const byName = receiver.url.replace('127.0.0.1', 'localhost');
    expect(await send(byName, false)).toMatchObject({ status: null, refused: true });
    expect(await send('http://no-such-host.invalid/hook', true)).toMatchObject({
      status: null,
      refused: true,
    });
    expect(receiver.received).toHaveLength(0);
  });
});
