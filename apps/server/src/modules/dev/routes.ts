import type { FastifyInstance } from 'fastify';
import { listOutbox } from '../../adapters/outbox/outbox.ts';
import type { AppContext } from '../../context.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sandbox outbox, registered only while a sandbox adapter is in use, and never in production (app.ts). */
export function registerDevRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/dev/outbox.json', { schema: { hide: true } }, async () => listOutbox(ctx.database.db));
  app.get('/dev/outbox', { schema: { hide: true } }, async (_req, reply) => {
    const rows = await listOutbox(ctx.database.db);
    const items = rows
      .map(
        (
          m,
        ) => `<article><header><span class="kind ${m.kind}">${m.kind.toUpperCase()}</span> <b>To:</b> ${esc(m.to)}
  <time>${esc(new Date(m.created_at).toLocaleString('en-US'))}</time></header>
  ${m.subject ? `<h2>${esc(m.subject)}</h2>` : ''}<pre>${esc(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #e5e7eb;border-radius:8px;padding:1rem;margin:1rem 0}header{display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}
time{margin-left:auto;color:#6b7280;font-size:.9rem}h2{font-size:1.1rem;margin:.6rem 0}pre{white-space:pre-wrap;font-family:inherit;margin:0}
.kind{font-size:.75rem;padding:.1rem .4rem;border-radius:4px;background:#e0e7ff}.kind.sms{background:#dcfce7}</style></head>
<body><h1>Sandbox outbox</h1><p>Emails and text messages the sandbox adapters kept instead of sending, newest first.
<a href="/dev/outbox.json">JSON</a></p>${items || '<p>No messages yet.</p>'}</body></html>`);
  });
}
