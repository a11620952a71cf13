/** The start-up line says what each role serves: a worker does not claim to serve the console. */
import { expect, it } from 'vitest';
import { startupLine } from './server.ts';

const base = { publicUrl: 'https://console.example.com', host: '0.0.0.0', port: 3000 };

it('names what each role serves, where, and on which database', () => {
  expect(startupLine({ ...base, role: 'all' }, 'pglite')).toBe(
    'Merchant console (role: all): serves the console, merchant API and marketplace intake at https://console.example.com (port 3000 on 0.0.0.0) and runs the job queue (database: pglite)',
  );
  expect(startupLine({ ...base, role: 'api' }, 'pg')).toBe(
    'Merchant console API (role: api): serves the console, merchant API and marketplace intake at https://console.example.com (port 3000 on 0.0.0.0); takes no jobs, only enqueues them (database: pg)',
  );
  const worker = startupLine({ ...base, role: 'worker' }, 'pg');
  expect(worker).toBe(
    'Merchant console worker (role: worker): runs the job queue; serves only /healthz and /readyz (port 3000 on 0.0.0.0; database: pg)',
  );
  expect(worker).not.toContain(base.publicUrl);
});
