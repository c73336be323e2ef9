import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem, REQUIRED_NODE_MAJOR } from '../src/node-version.mjs';

const SERVER = path.resolve(import.meta.dirname, '..');
const ROOT = path.resolve(SERVER, '../..');
const OLD_NODE = path.join(SERVER, 'test/support/old-node.mjs');

/** Runs `args` on this Node.js made to report `version`; the version check must stop it at once. */
function runAs(version: string, args: string[], cwd = SERVER) {
  return spawnSync(process.execPath, ['--import', OLD_NODE, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, FAKE_NODE_VERSION: version },
    timeout: 60_000,
  });
}

describe('the Node.js version check', () => {
  it('lets the required major and newer ones through', () => {
    expect(REQUIRED_NODE_MAJOR).toBe(24);
    expect(nodeVersionProblem('v24.0.0')).toBeNull();
    expect(nodeVersionProblem('v24.21.0')).toBeNull();
    expect(nodeVersionProblem('v26.10.0')).toBeNull();
    expect(nodeVersionProblem(process.version)).toBeNull();
  });

  it('refuses older ones with one line that says what to do', () => {
    for (const version of ['v20.20.2', 'v22.12.0', 'v23.11.1']) {
      const problem = nodeVersionProblem(version);
      expect(problem).toContain(`not ${version}`);
      expect(problem).toContain('Node.js 24 or newer');
      expect(problem).toContain('node_modules/.bin/node');
      expect(problem).not.toContain('\n');
    }
  });

  it('stops the server before anything else loads on an older Node.js', () => {
    const result = runAs('v20.20.2', ['--import', 'tsx', 'src/main.ts']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`${nodeVersionProblem('v20.20.2')}\n`);
    expect(result.stdout).toBe('');
  });

  it('is the first import of every entry point, so each stops likewise', () => {
    for (const entry of ['src/main.ts', 'src/import.ts', 'src/door-key.ts']) {
      const source = readFileSync(path.join(SERVER, entry), 'utf8');
      expect(/^import .*$/m.exec(source)?.[0], entry).toBe("import './node-version.mjs';");
    }
  });

  it('stops npm start before it builds anything', () => {
    const result = runAs('v20.20.2', ['scripts/start.mjs'], ROOT);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`${nodeVersionProblem('v20.20.2')}\n`);
    expect(result.stdout).toBe('');
  });

  it('runs on the Node.js the project brings', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(REQUIRED_NODE_MAJOR);
  });
});
