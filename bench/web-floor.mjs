/**
 * The console's floor (bench/web.mjs, bench/lighthouse.mjs): a bare React 19 + MantineProvider app
 * (AppShell, Table of 30 rows, Button, TextInput) built with Vite from the installed packages, inside
 * node_modules so they resolve as the console's do. `buildFloor()` returns its build directory (dist/) and
 * the gzip level 9 size of its JavaScript; `remove()` deletes it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(fileURLToPath(import.meta.url), '../..');
const gzip9 = (buf) => gzipSync(buf, { level: 9 }).length;

const FLOOR_MAIN = `import '@mantine/core/styles.css';
import { AppShell, Button, MantineProvider, Table, TextInput } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const rows = Array.from({ length: 30 }, (_, i) => ({ id: 'ORD-' + (i + 1), name: 'Customer ' + (i + 1), total: (i + 1) * 10 }));

function App() {
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Button variant="subtle">Orders</Button>
      </AppShell.Header>
      <AppShell.Main>
        <TextInput label="Search" placeholder="Order number" />
        <Table>
          <Table.Thead>
            <Table.Tr><Table.Th>Order</Table.Th><Table.Th>Customer</Table.Th><Table.Th>Total</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}><Table.Td>{r.id}</Table.Td><Table.Td>{r.name}</Table.Td><Table.Td>{r.total}</Table.Td></Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Button>Accept</Button>
      </AppShell.Main>
    </AppShell>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <MantineProvider>
      <App />
    </MantineProvider>
  </StrictMode>,
);
`;

export function buildFloor() {
  const cache = join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'mc-web-floor-'));
  try {
    mkdirSync(join(dir, 'src'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title></head>' +
        '<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n',
    );
    writeFileSync(join(dir, 'src/main.tsx'), FLOOR_MAIN);
    writeFileSync(
      join(dir, 'vite.config.mjs'),
      "import react from '@vitejs/plugin-react';\nimport { defineConfig } from 'vite';\n" +
        "export default defineConfig({ plugins: [react()], logLevel: 'warn', build: { outDir: 'dist' } });\n",
    );
    const vite = join(root, 'node_modules/vite/bin/vite.js');
    const b = spawnSync(process.execPath, [vite, 'build'], { cwd: dir, stdio: 'inherit' });
    if (b.status !== 0) throw new Error('the floor app did not build');
    const assets = join(dir, 'dist/assets');
    const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
    return {
      dist: join(dir, 'dist'),
      files: files.length,
      gzip: files.reduce((s, f) => s + gzip9(readFileSync(join(assets, f))), 0),
      remove: () => rmSync(dir, { recursive: true, force: true }),
    };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}
