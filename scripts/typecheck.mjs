#!/usr/bin/env node
// `npm run typecheck`: `tsc --noEmit` of every package, as many at a time as the machine has
// cores (each tsc is single-threaded; one after the other took 77 s on CI's 2 cores). The
// projects differ in lib and types (DOM for web, node for server), so each keeps its own run.
// Output is printed per project when it ends; exits 1 when any project fails.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The slowest first, so the last one to start is a short one.
const projects = [
  'packages/server',
  'packages/web',
  'packages/demo',
  'packages/domain',
  'packages/demo-data',
  'packages/db-schema',
  'e2e',
  'packages/contract',
];
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      if (output) process.stdout.write(output);
      if (code !== 0) console.error(`typecheck of ${project} failed (exit ${code})`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const slots = Math.max(1, Math.min(availableParallelism(), projects.length));
const results = await Promise.all(
  Array.from({ length: slots }, async () => {
    let ok = true;
    for (let project = queue.shift(); project; project = queue.shift()) ok = (await check(project)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
