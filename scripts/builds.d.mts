// Types of builds.mjs for TypeScript callers (the cluster tests).
export const ROOT: string;
export function isUpToDate(name: 'web' | 'server'): boolean;
export function buildAll(options?: { only?: ('web' | 'server')[]; force?: boolean }): Promise<string[]>;
