/**
 * The floor of the live-consoles benchmark (bench/streams.ts): a bare node:http server holding
 * server-sent-event responses, with nothing else — no framework, authentication, database or per-stream
 * state beyond the response. `POST /fire?marker=x` writes one event naming `x` to every open stream.
 */
import http from 'node:http';

const open = new Set();
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/healthz') return res.end('ok');
  if (url.pathname === '/events') {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    res.write('retry: 3000\n: connected\n\n');
    open.add(res);
    req.on('close', () => open.delete(res));
    return;
  }
  if (url.pathname === '/fire' && req.method === 'POST') {
    const marker = url.searchParams.get('marker') ?? '';
    const data = JSON.stringify({ type: 'order.updated', id: marker, status: 'SUBMITTED' });
    for (const r of open) r.write(`event: order.updated\ndata: ${data}\n\n`);
    return res.end(JSON.stringify({ sent: open.size }));
  }
  res.writeHead(404).end();
});
server.keepAliveTimeout = 0;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  for (const r of open) r.end();
  server.close(() => process.exit(0));
});
