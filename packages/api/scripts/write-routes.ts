/** `npm run api:routes`: writes packages/api/src/routes.ts from the endpoint table (see routes-from-endpoints.ts). */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { routesFromEndpoints } from '../src/routes-from-endpoints.ts';

const file = fileURLToPath(new URL('../src/routes.ts', import.meta.url));
const current = readFileSync(file, 'utf8');
const start = current.indexOf('export const ROUTES = {');
const end = current.indexOf('} as const satisfies Record<OperationId, RouteInfo>;');
if (start < 0 || end < 0) throw new Error('routes.ts: the ROUTES block was not found');
const body = Object.entries(routesFromEndpoints())
  .map(([id, r]) => `  ${id}: { method: '${r.method}', path: '${r.path}', kind: '${r.kind}' },`)
  .join('\n');
writeFileSync(file, `${current.slice(0, start)}export const ROUTES = {\n${body}\n${current.slice(end)}`);
console.log(`routes.ts: ${Object.keys(routesFromEndpoints()).length} routes`);
