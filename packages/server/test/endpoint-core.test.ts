import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

const ENTRY = fileURLToPath(new URL('../src/endpoint-core.ts', import.meta.url));

it('keeps @portal/server/endpoints free of Fastify and Node: it imports only the contract, domain and zod', async () => {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'neutral',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const inputs = Object.entries(result.metafile.inputs);
  // The table, the dispatcher and every area's endpoints.ts are in the bundle…
  expect(inputs.map(([file]) => file)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/endpoints\/dispatch\.ts$/),
      expect.stringMatching(/modules\/freeze\/endpoints\.ts$/),
    ]),
  );
  // …and what they import at run time from outside the package is neutral.
  const external = new Set(
    inputs.flatMap(([, input]) => input.imports.filter((i) => i.external).map((i) => i.path)),
  );
  expect([...external].sort()).toEqual([
    '@portal/contract',
    '@portal/domain',
    'zod/v4/core',
    'zod/v4/locales/en.js',
  ]);
});
