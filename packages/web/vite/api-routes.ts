import type { Endpoint } from '@portal/contract';
import path from 'node:path';
import { type Plugin, runnerImport } from 'vite';

export const API_ROUTES_ID = 'virtual:portal-api-routes';
export const API_RESPONSES_ID = 'virtual:portal-api-responses';
const RESOLVED_ID = `\0${API_ROUTES_ID}`;
const RESOLVED_RESPONSES_ID = `\0${API_RESPONSES_ID}`;

type Contract = Record<string, unknown> & { endpoints: Record<string, Endpoint> };

/**
 * The module of the contract's answer schemas: each endpoint's response schema by the name
 * the contract exports it under, and the error body. The web checks answers and nothing
 * else with the contract, so the request schemas (and endpoints.ts) stay out of its chunks.
 */
function responsesModule(contract: Contract): string {
  const exportNames = new Map<unknown, string>();
  for (const [exportName, value] of Object.entries(contract)) {
    if (/^[A-Z]/.test(exportName) && !exportNames.has(value)) exportNames.set(value, exportName);
  }
  const imports = new Set(['ErrorBody']);
  const entries: string[] = [];
  for (const [name, endpoint] of Object.entries(contract.endpoints)) {
    if (endpoint.response === null) continue;
    const schema = exportNames.get(endpoint.response);
    if (!schema) {
      throw new Error(
        `The response schema of endpoint "${name}" has no name in @portal/contract: export it, so the web can import it alone.`,
      );
    }
    imports.add(schema);
    entries.push(`  ${name}: ${schema},`);
  }
  return [
    `import { ${[...imports].join(', ')} } from '@portal/contract';`,
    'export { ErrorBody };',
    `export const responses = {\n${entries.join('\n')}\n};`,
    '',
  ].join('\n');
}

/**
 * `virtual:portal-api-routes`: method, path and auth of every endpoint of the contract, and
 * whether it answers 204, as plain data read from @portal/contract's `endpoints` at build
 * time. The API client starts a request with it at once; the schemas (and zod with them)
 * arrive in a chunk of their own while the request is under way, and the answer is parsed
 * with them as before. So the contract stays the one source of every route.
 */
export function apiRoutes(): Plugin {
  let root = process.cwd();
  // Both virtual modules read the same contract: import it once per build, and in `vite` dev
  // again after one of its files changed, when both modules are made anew.
  let contract: ReturnType<typeof runnerImport<Contract>> | undefined;
  let contractFiles = new Set<string>();
  return {
    name: 'portal:api-routes',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      contract = undefined;
    },
    hotUpdate({ file, modules }) {
      if (!contractFiles.has(file)) return;
      contract = undefined;
      const graph = this.environment.moduleGraph;
      const virtual = [RESOLVED_ID, RESOLVED_RESPONSES_ID].flatMap((id) => {
        const mod = graph.getModuleById(id);
        if (mod) graph.invalidateModule(mod);
        return mod ? [mod] : [];
      });
      return [...modules, ...virtual];
    },
    resolveId(source) {
      if (source === API_ROUTES_ID) return RESOLVED_ID;
      return source === API_RESPONSES_ID ? RESOLVED_RESPONSES_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID && id !== RESOLVED_RESPONSES_ID) return undefined;
      contract ??= runnerImport<Contract>('@portal/contract', {
        root,
        configFile: false,
        logLevel: 'silent',
      });
      const { module, dependencies } = await contract;
      contractFiles = new Set(dependencies.map((file) => path.resolve(root, file)));
      for (const file of dependencies) this.addWatchFile(file);
      if (id === RESOLVED_RESPONSES_ID) return responsesModule(module);
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
