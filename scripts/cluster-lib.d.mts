// Types of cluster-lib.mjs for the TypeScript tests that drive a cluster.
import type { ChildProcess } from 'node:child_process';

export const NGINX: string;
export const DEFAULT_DATABASE_URL: string;
export const DEFAULT_REDIS_URL: string;
export function hasNginx(): boolean;
export function hasPostgres(url: string): Promise<boolean>;
export function ensureDatabase(url: string, options?: { fresh?: boolean }): Promise<void>;

export interface Instance {
  id: string;
  port: number;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}
export function startInstance(options: {
  id: string;
  port: number;
  env: Record<string, string>;
  quiet?: boolean;
  discardStdout?: boolean;
}): Promise<Instance>;

export interface Proxy {
  url: string;
  prefix: string;
  accessLog: string;
  output(): string;
  stop(): Promise<void>;
}
export function startProxy(options: {
  port: number;
  upstreamPorts: number[];
  quiet?: boolean;
  name?: string;
}): Promise<Proxy>;

export interface Cluster {
  url: string;
  proxy: Proxy;
  instances: Instance[];
  stopInstance(i: number, signal?: NodeJS.Signals): Promise<number | null>;
  startInstance(i: number): Promise<Instance>;
  output(): string;
  stop(): Promise<void>;
}
export function startCluster(options: {
  instances?: number;
  port?: number;
  basePort?: number;
  env?: Record<string, string>;
  quiet?: boolean;
  idPrefix?: string;
}): Promise<Cluster>;
