/**
 * What the API client checks answers with, loaded as a chunk of its own (lib/api.ts's
 * loadContract). Named exports rather than `import('@portal/contract')`: the first chunk
 * imports the contract's plain constants, and a dynamic import of the whole package would
 * pull every schema (and zod) into that chunk with them.
 */
export { ErrorBody, endpoints } from '@portal/contract';
