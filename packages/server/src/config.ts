import { hostname } from 'node:os';
import path from 'node:path';
import type { Env } from './env.ts';
import { REPO_ROOT } from './paths.ts';
import { type Config, type ConfigHost, parseConfig } from './settings.ts';

export * from './settings.ts';

/** The Node process as a configuration's host: paths on its file system, its host name and pid. */
export function nodeConfigHost(terminal: boolean): ConfigHost {
  return {
    // `data` at the repository root unless DATA_DIR says otherwise (relative to the working directory).
    resolvePath: (value, fallback) =>
      value ? path.resolve(process.cwd(), value) : path.join(REPO_ROOT, fallback),
    instanceName: `${hostname()}:${process.pid}`,
    terminal,
  };
}

/**
 * The configuration from the environment: the one place that reads process.env (settings.ts's
 * parseConfig, with the paths, host name and pid of this process).
 * `terminal`: whether a person reads stdout (pretty logs by default outside production).
 */
export function loadConfig(env: Env = process.env, terminal = process.stdout.isTTY === true): Config {
  return parseConfig(env, nodeConfigHost(terminal));
}

/**
 * Where the command was started: npm's INIT_CWD (npm runs scripts from the repository root),
 * else the working directory. The import resolves the file names it is given against it.
 */
export function invocationDirectory(env: Env = process.env): string {
  return env.INIT_CWD || process.cwd();
}
