// Types of node-version.mjs for the server's TypeScript (it is JavaScript so that
// scripts/start.mjs can import it on any Node).
export const REQUIRED_NODE_MAJOR: number;
export function nodeVersionProblem(version: string): string | null;
