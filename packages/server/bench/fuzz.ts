/**
 * `npm run fuzz [-- --requests N --seed S]`: bad input against every operation of the contract,
 * in process (app.inject) on a seeded database: PostgreSQL when DATABASE_URL is set (a
 * database of its own), else PGlite. Each request takes one operation and breaks it one
 * way: lone surrogates and NUL in strings, wrong types, deep nesting, huge strings, bad
 * path parameters and query strings, and a forged, another member's or no token. It prints
 * the answers by status and every 5xx with its operation; it exits 1 when any answer was a
 * 5xx. A measurement to run by hand (docs/security.md, "The second review"), not a test of
 * the suite: 100,000 requests take minutes.
 */
import { parseArgs } from 'node:util';
import { type Endpoint, endpoints } from '@portal/contract';
import { DEMO_PASSWORD, demoUsername, PERSONAS } from '@portal/demo-data';
import fc from 'fast-check';
import { buildApp } from '../src/app.ts';
import { fixedClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { nodePasswordHasher } from '../src/adapters/passwords/node.ts';
import { openBenchDatabase } from './database.ts';
import { fieldNames } from '../test/support/fields.ts';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '100000' }, seed: { type: 'string', default: '1' } },
});
const total = Number(values.requests);
const seed = Number(values.seed);

const deep = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};
const badText = fc
  .tuple(
    fc.string({ maxLength: 6 }),
    fc.constantFrom('\ud800', '\udfff', '\u0000', '\udc00\ud800', '\u202e', '\uffff', '%00'),
    fc.string({ maxLength: 6 }),
  )
  .map(([a, bad, b]) => `${a}${bad}${b}`);
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  badText,
  fc.string({ maxLength: 40 }),
  fc.constantFrom(null, true, 0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, '', ' ', '2026-02-30', 'NaN'),
  fc.constant('x'.repeat(100_000)),
  fc.integer({ min: 2, max: 3000 }).map((d) => deep(d, 'x')),
  fc.array(badText, { maxLength: 4 }),
  fc.dictionary(fc.oneof(badText, fc.constantFrom('__proto__', 'constructor')), badText, { maxKeys: 3 }),
);
const badUrlText = fc.oneof(
  fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%FF', '..%2F..', '%', '-1', '0', 'x'.repeat(3000)),
  fc.uuid(),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

const operations = Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({
  name,
  endpoint,
  body: fieldNames(endpoint.body),
  query: fieldNames(endpoint.query),
}));

const { database, label, drop } = await openBenchDatabase();
const clock = fixedClock('2026-11-22T10:00:00Z');
await database.migrate();
await seedIfEmpty(database.db, clock, nodePasswordHasher);
// Limits high enough that the bad input reaches the services instead of a 429.
const config = loadConfig({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  SIGN_IN_LIMIT_PER_IP_AND_USERNAME: '1000000',
  SIGN_IN_LIMIT_PER_IP: '1000000',
  SIGN_IN_DELAY_MAX_MS: '0',
  PUBLIC_CANCELLATION_LIMIT_PER_IP: '1000000',
  PUBLIC_CANCELLATION_LIMIT_PER_IDENTITY: '1000000',
  PUBLIC_CANCELLATION_MIN_MS: '0',
});
const app = await buildApp({
  db: database.db,
  clock,
  config: { ...config, webDist: '/nonexistent' },
  logger: false,
});

const signIn = async (persona: string, operator: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/authenticate',
    payload: {
      username: demoUsername(persona as never, operator as never),
      password: DEMO_PASSWORD,
      operator_id: operator,
    },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${persona}@${operator} failed: ${res.statusCode}`);
  return res.json().token as string;
};
/** Members whose sessions the requests use, signed in again every 500 requests (a request may sign out). */
const members = ['de', 'no', 'ch'].flatMap((operator) =>
  PERSONAS.slice(0, 6).map((persona) => [persona, operator]),
);
let tokens: string[] = [];
const signInAll = async () => {
  tokens = [];
  for (const [persona, operator] of members) tokens.push(await signIn(persona!, operator!));
};
/** Which authorization header a request sends; the token is taken from the pool when it is sent. */
const authorization = fc.oneof(
  { weight: 6, arbitrary: fc.nat().map((i) => ({ kind: 'valid' as const, i })) },
  { weight: 1, arbitrary: fc.nat().map((i) => ({ kind: 'tampered' as const, i })) },
  {
    weight: 1,
    arbitrary: fc
      .string({ maxLength: 60 })
      .map((text) => ({ kind: 'text' as const, text: `Bearer ${text}` })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('Bearer', 'Basic YTpi', 'bearer \ud800', '')
      .map((text) => ({ kind: 'text' as const, text })),
  },
);
type Authorization = typeof authorization extends fc.Arbitrary<infer A> ? A : never;
const header = (auth: Authorization): string => {
  if (auth.kind === 'text') return auth.text;
  const token = tokens[auth.i % tokens.length]!;
  return auth.kind === 'valid' ? `Bearer ${token}` : `Bearer ${token.slice(0, -2)}xx`;
};

const request = fc.constantFrom(...operations).chain((op) =>
  fc.record({
    op: fc.constant(op),
    body: fc.oneof(
      fc.dictionary(fc.constantFrom(...(op.body.length ? op.body : ['x'])), badValue, {
        minKeys: 1,
        maxKeys: 4,
      }),
      badValue,
    ),
    rawBody: fc.option(fc.constantFrom('{', '[]', '{"a":', 'null', '\u0000', '{"a":"\\ud800"}'), { freq: 5 }),
    query: fc.array(fc.tuple(fc.constantFrom(...(op.query.length ? op.query : ['q'])), badUrlText), {
      maxLength: 3,
    }),
    param: badUrlText,
    authorization,
  }),
);

const byStatus = new Map<number, number>();
const serverErrors: string[] = [];
const started = performance.now();
const samples = fc.sample(request, { numRuns: total, seed });
let sent = 0;
for (const { op, body, rawBody, query, param, authorization } of samples) {
  if (sent++ % 500 === 0) await signInAll();
  const auth = header(authorization);
  const path = op.endpoint.path.replace(/:[a-z_]+/g, param);
  const search = query.length ? `?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
  const payload = rawBody ?? JSON.stringify(body);
  const withBody = op.endpoint.method !== 'GET' && op.endpoint.method !== 'DELETE';
  const res = await app.inject({
    method: op.endpoint.method,
    url: `/api${path}${search}`,
    headers: {
      ...(auth ? { authorization: auth } : {}),
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(withBody && payload !== undefined ? { payload } : {}),
  });
  byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
  if (res.statusCode >= 500 && res.statusCode !== 503) {
    serverErrors.push(
      `${res.statusCode} ${op.name} ${op.endpoint.method} ${path.slice(0, 80)}: ${res.body.slice(0, 160)}`,
    );
  } else if (res.statusCode === 503) {
    serverErrors.push(`503 ${op.name}: ${res.body.slice(0, 160)}`);
  }
}
const seconds = (performance.now() - started) / 1000;

console.log(
  `Fuzz: ${samples.length} requests over ${operations.length} operations on ${label}, seed ${seed}, ${seconds.toFixed(0)} s`,
);
console.log(
  [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', '),
);
console.log(`5xx: ${serverErrors.length}`);
for (const line of serverErrors.slice(0, 30)) console.log(`  ${line}`);
await app.close();
await database.close();
await drop();
process.exit(serverErrors.length ? 1 : 0);
