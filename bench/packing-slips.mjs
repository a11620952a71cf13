#!/usr/bin/env node
/**
 * npm run bench also runs this (bench/run.mjs). Alone: node bench/packing-slips.mjs [--orders 1000] [--runs 5] [--pg]
 * Runs bench/packing-slips.ts with tsx and --expose-gc so the memory figure starts from a collected heap.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const res = spawnSync(
  process.execPath,
  ['--expose-gc', '--import', 'tsx', 'bench/packing-slips.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' } },
);
process.exit(res.status ?? 1);
