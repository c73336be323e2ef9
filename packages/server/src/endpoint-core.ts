/**
 * The endpoint table and its dispatcher, for a host without Fastify or Node (the demo's
 * Web Worker): `@portal/server/endpoints`. Nothing here, nor anything it imports, names
 * Fastify or a `node:` module (test/endpoint-core.test.ts); the hosts build the use cases.
 */
export { type Answer, errorAnswer } from './endpoints/answers.ts';
export { type DispatchOptions, type DispatchRequest, dispatch } from './endpoints/dispatch.ts';
export { type PortalServices, portalEndpoints } from './endpoints/portal.ts';
export {
  API_PREFIX,
  type Client,
  type Credential,
  defineEndpoint,
  type EndpointContext,
  type EndpointEntry,
  type EndpointTable,
  type EndpointTablePart,
  endpointTable,
  type Limit,
  type Log,
} from './endpoints/table.ts';
