// Types of build.mjs for the server's TypeScript (test/production-bundle.test.ts builds with it).
export const SERVER_ENTRY_POINTS: string[];
export function buildServer(options?: { outdir?: string }): Promise<void>;
