import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAll } from '../../../scripts/builds.mjs';
import { type Cluster, ensureDatabase, startCluster } from '../../../scripts/cluster-lib.mjs';
import { type Answer, type HttpClient, httpClient } from './http-client.ts';
import { CLUSTER_REDIS_URL, clusterSkipReason, hasRedis } from './prerequisites.ts';

/**
 * Three compiled instances behind nginx (deploy/nginx.conf) on one PostgreSQL and Redis,
 * driven through the proxy as a chain's members would (docs/operations.md, ADR 015). Ports: nginx
 * on CLUSTER_TEST_PORT (8290), the instances on 8141–8143.
 */
const skip = await clusterSkipReason();
if (skip) console.warn(`cluster tests skipped: ${skip}`);
const redis = skip === null && (await hasRedis());
if (skip === null && !redis)
  console.warn(`no Redis at ${CLUSTER_REDIS_URL}: the shared request-limit test is skipped`);

const PORT = Number(process.env.CLUSTER_TEST_PORT ?? 8290);
const BASE_PORT = 8140;
const DATABASE_URL = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
DATABASE_URL.pathname = '/portal_cluster_test';
const TODAY = '2026-11-22';
const OPERATORS = ['de', 'at', 'ch', 'no', 'fi'] as const;
/** Active demo members with nothing scheduled: four per operator, 20 in all. */
const RACERS = ['active', 'unpaid', 'rfid', 'invalid_details'] as const;

describe.skipIf(skip !== null)('three instances behind nginx', () => {
  let cluster: Cluster;
  let sql: postgres.Sql;
  let client: HttpClient;
  const tokens = new Map<string, string>();

  const host = (op: string) => ({ host: `${op}.localhost:${PORT}` });
  const auth = (op: string, token: string) => ({ ...host(op), authorization: `Bearer ${token}` });
  const signIn = async (c: HttpClient, persona: string, op: string, password = 'demo') =>
    c.request('POST', '/api/auth/authenticate', {
      headers: host(op),
      body: { username: `${persona}@${op}.example`, password, operator_id: op },
    });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const tokenOf = async (persona: string, op: string) => {
    const key = `${persona}@${op}`;
    if (!tokens.has(key)) {
      const res = await signIn(client, persona, op);
      expect(res.status, res.body).toBe(200);
      tokens.set(key, (res.json() as { token: string }).token);
    }
    return tokens.get(key)!;
  };

  beforeAll(async () => {
    await buildAll({ only: ['server'] });
    await ensureDatabase(DATABASE_URL.href, { fresh: true });
    cluster = await startCluster({
      instances: 3,
      port: PORT,
      basePort: BASE_PORT,
      quiet: true,
      env: {
        DATABASE_URL: DATABASE_URL.href,
        REDIS_URL: CLUSTER_REDIS_URL,
        REDIS_KEY_PREFIX: `portal-cluster-test-${randomBytes(4).toString('hex')}:`,
        PORTAL_CLOCK: `${TODAY}T10:00:00Z`,
        LOG_LEVEL: 'warn',
        SIGN_IN_DELAY_MAX_MS: '300',
        DATABASE_POOL_MAX: '5',
      },
    });
    sql = postgres(DATABASE_URL.href, { max: 2, onnotice: () => {} });
    client = httpClient(cluster.url);
  }, 180_000);
  afterAll(async () => {
    client?.close();
    await sql?.end();
    await cluster?.stop();
  });

  it('keeps a session made on one instance on the others', async () => {
    const made = await signIn(client, 'active', 'de');
    expect(made.status).toBe(200);
    const token = (made.json() as { token: string }).token;
    const seen = new Set<string>([String(made.headers['x-instance'])]);
    for (let i = 0; i < 9; i++) {
      const res = await client.request('GET', '/api/v2/membership', { headers: auth('de', token) });
      expect(res.status).toBe(200);
      expect((res.json() as { status: string }).status).toBe('active');
      seen.add(String(res.headers['x-instance']));
    }
    expect([...seen].sort()).toEqual(['portal-1', 'portal-2', 'portal-3']);
  });

  it('shows a change and a sign-out made through one instance in every instance’s cached reads (ADR 029)', async () => {
    const token = ((await signIn(client, 'in_cancellation', 'fi')).json() as { token: string }).token;
    const readAll = async () => {
      const answers: { instance: string; status: number; membership: string | null }[] = [];
      for (let i = 0; i < 9; i++) {
        const res = await client.request('GET', '/api/v2/membership', { headers: auth('fi', token) });
        const body = res.status === 200 ? (res.json() as { status: string }).status : null;
        answers.push({ instance: String(res.headers['x-instance']), status: res.status, membership: body });
      }
      return answers;
    };
    // Twice round the three instances: each has the session in its cache.
    await readAll();
    const before = await readAll();
    expect(new Set(before.map((a) => a.instance)).size).toBe(3);
    expect(before.every((a) => a.membership === 'in_cancellation')).toBe(true);

    const reactivated = await client.request('DELETE', '/api/v1/membership/cancellations', {
      headers: auth('fi', token),
    });
    expect(reactivated.status).toBe(204);
    // The other instances hear it from PostgreSQL a moment after the commit.
    await sleep(200);
    const after = await readAll();
    expect(after.map((a) => a.membership)).toEqual(Array(9).fill('active'));

    const signedOut = await client.request('POST', '/api/auth/signout', { headers: auth('fi', token) });
    expect(signedOut.status).toBe(204);
    await sleep(200);
    expect((await readAll()).map((a) => a.status)).toEqual(Array(9).fill(401));
  });

  it('passes the request id through nginx and keeps the security headers', async () => {
    const res = await client.request('GET', '/api/health/ready', {
      headers: { 'x-request-id': 'trace-0123456789abcdef' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('trace-0123456789abcdef');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const fresh = await client.request('GET', '/api/health/live');
    // nginx's $request_id: 32 hex digits, made for a request that came without one.
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('counts failed sign-ins of one client across instances, by its real address', async () => {
    const attacker = httpClient(cluster.url, '127.0.0.5');
    const neighbour = httpClient(cluster.url, '127.0.0.6');
    try {
      const seen = new Set<string>();
      for (let i = 0; i < 5; i++) {
        const res = await signIn(attacker, 'rfid', 'at', `wrong-${i}`);
        expect(res.status).toBe(401);
        seen.add(String(res.headers['x-instance']));
      }
      expect(seen.size).toBeGreaterThan(1);
      const limited = await signIn(attacker, 'rfid', 'at', 'demo');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another client address behind the same nginx signs in to that account.
      expect((await signIn(neighbour, 'rfid', 'at', 'demo')).status).toBe(200);
    } finally {
      attacker.close();
      neighbour.close();
    }
  });

  it.runIf(redis)('counts request limits in Redis across instances, per real client address', async () => {
    const noisy = httpClient(cluster.url, '127.0.0.8');
    const quiet = httpClient(cluster.url, '127.0.0.9');
    const reset = (c: HttpClient) =>
      c.request('POST', '/api/auth/reset', {
        headers: host('de'),
        body: {
          operator_id: 'de',
          username: 'nobody@de.example',
          url: `http://de.localhost:${PORT}`,
          locale: 'en-DE',
        },
      });
    try {
      const seen = new Set<string>();
      for (let i = 0; i < 30; i++) {
        const res = await reset(noisy);
        expect(res.status).toBe(204);
        seen.add(String(res.headers['x-instance']));
      }
      expect(seen.size).toBe(3);
      expect((await reset(noisy)).status).toBe(429);
      expect((await reset(quiet)).status).toBe(204);
    } finally {
      noisy.close();
      quiet.close();
    }
  });

  it('does not let a client that bypasses nginx choose its address with X-Forwarded-For', async () => {
    const direct = httpClient(`http://127.0.0.1:${cluster.instances[0]!.port}`, '127.0.0.7');
    try {
      for (let i = 0; i < 5; i++) {
        const res = await direct.request('POST', '/api/auth/authenticate', {
          headers: { ...host('fi'), 'x-forwarded-for': `198.51.100.${i}` },
          body: { username: 'rfid@fi.example', password: `wrong-${i}`, operator_id: 'fi' },
        });
        expect(res.status).toBe(401);
      }
      const res = await direct.request('POST', '/api/auth/authenticate', {
        headers: { ...host('fi'), 'x-forwarded-for': '198.51.100.200' },
        body: { username: 'rfid@fi.example', password: 'demo', operator_id: 'fi' },
      });
      expect(res.status).toBe(429);
    } finally {
      direct.close();
    }
  });

  it('gives exactly one winner among 9 conflicting freezes and cancellations per member, for 20 members at once', async () => {
    const racers = OPERATORS.flatMap((op) => RACERS.map((persona) => ({ persona, op })));
    for (const r of racers) await tokenOf(r.persona, r.op);
    // Each freeze begins on 1 December, before any cancellation's end date, so a freeze and a
    // cancellation exclude each other (docs/membership-rules.md).
    const ends = ['2026-12-31', '2027-01-31', '2027-02-28'];
    const requests = racers.flatMap(({ persona, op }) =>
      Array.from({ length: 9 }, (_, i) => ({
        persona,
        op,
        kind: i % 2 === 0 ? 'freeze' : 'cancel',
        send: async (token: string) =>
          i % 2 === 0
            ? client.request('POST', '/api/v1/membership/freeze_periods', {
                headers: auth(op, token),
                body: { freeze_period: { begin_date: '2026-12-01', end_date: ends[i % 3] } },
              })
            : client.request('POST', '/api/v1/membership/cancellations', {
                headers: auth(op, token),
                body: {},
              }),
      })),
    );
    const answers = await Promise.all(
      requests.map(async (r) => ({ ...r, res: await r.send(tokens.get(`${r.persona}@${r.op}`)!) })),
    );
    const instances = new Set(answers.map((a) => String(a.res.headers['x-instance'])));
    expect(instances.size).toBe(3);
    for (const a of answers) expect([200, 201, 204, 422], a.res.body).toContain(a.res.status);

    for (const { persona, op } of racers) {
      const mine = answers.filter((a) => a.persona === persona && a.op === op);
      const won = mine.filter((a) => a.res.status < 300);
      expect(won, `${persona}@${op}`).toHaveLength(1);
      const [row] = await sql<{ freezes: number; cancelled: boolean }[]>`
        select
          (select count(*)::int from freeze_periods f where f.membership_id = ms.id and f.begin_date > ${TODAY}) as freezes,
          ms.cancelled_on is not null as cancelled
        from memberships ms join members m on m.id = ms.member_id
        where m.username = ${`${persona}@${op}.example`} and m.operator_id = ${op}`;
      if (won[0]!.kind === 'freeze') expect(row).toEqual({ freezes: 1, cancelled: false });
      else expect(row).toEqual({ freezes: 0, cancelled: true });
    }
    await expectInvariants();
  });

  /** The rules of docs/membership-rules.md that no interleaving may break, over the whole database. */
  async function expectInvariants() {
    const twoScheduled = await sql`
      select membership_id from freeze_periods
      where cancel_date is null and begin_date > ${TODAY}
      group by membership_id having count(*) > 1`;
    expect(twoScheduled, 'at most one scheduled freeze').toHaveLength(0);
    const overlapping = await sql`
      select a.id from freeze_periods a join freeze_periods b
        on a.membership_id = b.membership_id and a.id < b.id
       and a.cancel_date is null and b.cancel_date is null
       and a.begin_date <= b.end_date and b.begin_date <= a.end_date`;
    expect(overlapping, 'freezes do not overlap').toHaveLength(0);
    const tooMany = await sql`
      select f.membership_id, extract(year from m.month) as year, count(*) as months
      from freeze_periods f
      cross join lateral generate_series(f.begin_date::date, f.end_date::date, interval '1 month') as m(month)
      where f.cancel_date is null
      group by 1, 2 having count(*) > 3`;
    expect(tooMany, 'at most 3 frozen months per calendar year').toHaveLength(0);
    const cancelledWithFreeze = await sql`
      select ms.id from memberships ms join freeze_periods f on f.membership_id = ms.id
      where ms.cancelled_on is not null and ms.cancelled_on >= ${TODAY} and f.cancel_date is null
        and f.begin_date > ${TODAY} and f.begin_date <= ms.end_date`;
    expect(cancelledWithFreeze, 'no cancellation beside a scheduled freeze before its end').toHaveLength(0);
  }

  /**
   * Reads and writes from 10 connections until `stop` resolves. Reads are the member's
   * membership; writes are events numbered per run, so the database can show which
   * answered writes it holds.
   */
  async function underLoad(run: string, during: () => Promise<void>) {
    const token = await tokenOf('active', 'no');
    const failedReads: string[] = [];
    const failedWrites: string[] = [];
    const answeredWrites: number[] = [];
    let reads = 0;
    let writes = 0;
    let stopped = false;
    const describe = (res: Answer | Error) =>
      res instanceof Error ? res.message : `${res.status} ${res.body.slice(0, 120)}`;
    const reader = async () => {
      while (!stopped) {
        const res = await client
          .request('GET', '/api/v2/membership', { headers: auth('no', token) })
          .catch((e: Error) => e);
        reads++;
        if (res instanceof Error || res.status !== 200) failedReads.push(describe(res));
      }
    };
    const writer = async () => {
      while (!stopped) {
        const seq = writes++;
        const res = await client
          .request('POST', '/api/v1/membership/event', {
            headers: auth('no', token),
            body: { action: `cluster-${run}`, status: 'success', details: { seq } },
          })
          .catch((e: Error) => e);
        if (res instanceof Error || res.status >= 300) failedWrites.push(describe(res));
        else answeredWrites.push(seq);
      }
    };
    const loops = [...Array.from({ length: 8 }, reader), ...Array.from({ length: 2 }, writer)];
    try {
      await during();
    } finally {
      stopped = true;
      await Promise.all(loops);
    }
    const stored = await sql<{ seq: number }[]>`
      select (details->>'seq')::int as seq from events where action = ${`cluster-${run}`}`;
    const inDatabase = new Set(stored.map((r) => r.seq));
    return {
      reads,
      failedReads,
      failedWrites,
      answeredWrites,
      missing: answeredWrites.filter((seq) => !inDatabase.has(seq)),
    };
  }

  it('answers every read while an instance is killed (kill -9), and keeps every write it answered', async () => {
    const result = await underLoad('kill', async () => {
      await sleep(1500);
      expect(await cluster.stopInstance(2, 'SIGKILL')).toBeNull();
      await sleep(3000);
    });
    console.log(
      `kill -9: ${result.reads} reads (${result.failedReads.length} failed), ${result.answeredWrites.length} writes answered, ${result.failedWrites.length} not (a POST cut by the kill is not retried: ${[...new Set(result.failedWrites.map((f) => f.slice(0, 40)))].join('; ')})`,
    );
    expect(result.reads).toBeGreaterThan(50);
    expect(result.failedReads).toEqual([]);
    expect(result.missing).toEqual([]);
    await cluster.startInstance(2);
  }, 60_000);

  it('restarts every instance in turn under load without a failed request', async () => {
    const exits: (number | null)[] = [];
    const seen = new Set<string>();
    const result = await underLoad('rolling', async () => {
      await sleep(1000);
      for (const i of [0, 1, 2]) {
        exits.push(await cluster.stopInstance(i, 'SIGTERM'));
        await cluster.startInstance(i);
        await sleep(500);
      }
      await sleep(1000);
    });
    // nginx leaves an instance out for fail_timeout (5 s) after a refused connection, so
    // the last one restarted may take a few seconds to get requests again.
    const deadline = Date.now() + 10_000;
    while (seen.size < 3 && Date.now() < deadline) {
      seen.add(String((await client.request('GET', '/api/health/live')).headers['x-instance']));
      await sleep(50);
    }
    console.log(
      `rolling restart: ${result.reads} reads, ${result.answeredWrites.length} writes, ${result.failedReads.length + result.failedWrites.length} failed`,
    );
    expect(exits).toEqual([0, 0, 0]);
    expect(result.reads).toBeGreaterThan(50);
    expect(result.failedReads).toEqual([]);
    expect(result.failedWrites).toEqual([]);
    expect(result.missing).toEqual([]);
    expect(seen.size).toBe(3);
    await expectInvariants();
  }, 120_000);
});
