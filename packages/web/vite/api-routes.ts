import type { Endpoint } from '@portal/contract';
import { type Plugin, runnerImport } from 'vite';

export const API_ROUTES_ID = 'virtual:portal-api-routes';
const RESOLVED_ID = `\0${API_ROUTES_ID}`;

/**
 * `virtual:portal-api-routes`: method, path and auth of every endpoint of the contract, and
 * whether it answers 204, as plain data read from @portal/contract's `endpoints` at build
 * time. The API client starts a request with it at once; the schemas (and zod with them)
 * arrive in a chunk of their own while the request is under way, and the answer is parsed
 * with them as before. So the contract stays the one source of every route.
 */
export function apiRoutes(): Plugin {
  let root = process.cwd();
  return {
    name: 'portal:api-routes',
    configResolved(config) {
      root = config.root;
    },
    resolveId(source) {
      return source === API_ROUTES_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const { module, dependencies } = await runnerImport<{ endpoints: Record<string, Endpoint> }>(
        '@portal/contract',
        { root, configFile: false, logLevel: 'silent' },
      );
      for (const file of dependencies) this.addWatchFile(file);
      const routes = Object.fromEntries(
        Object.entries(module.endpoints).map(([name, e]) => [
          name,
          { method: e.method, path: e.path, auth: e.auth, noContent: e.response === null },
        ]),
      );
      return `export const routes = ${JSON.stringify(routes)};\n`;
    },
  };
}
