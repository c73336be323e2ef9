import { Membership } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { createMetrics, type Metrics } from '../src/metrics.ts';
import { bearer, type DatabaseKind, databases, startApp, type TestApp } from './support/harness.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The app with its cache, as main.ts builds it, and what the tests below read it with. */
function useCachedApp(kind: DatabaseKind) {
  let t!: TestApp;
  let metrics!: Metrics;

  beforeAll(async () => {
    t = await startApp(kind, {
      readModelCache: true,
      metrics: (db) => {
        metrics = createMetrics({ db });
        return metrics;
      },
    });
  });
  afterAll(() => t?.close());

  const get = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v2/membership', headers: bearer(token) });
  const read = async (token: string) => {
    const res = await get(token);
    expect(res.statusCode, res.body).toBe(200);
    return Membership.parse(res.json());
  };
  const fromCache = async () => {
    const metric = await metrics.registry.getSingleMetric('portal_read_model_reads_total')?.get();
    return metric?.values.find((v) => v.labels.source === 'cache')?.value ?? 0;
  };
  /** Reads until `check` holds (a notification on its way), else fails with the last answer. */
  const eventually = async <T>(readOnce: () => Promise<T>, check: (value: T) => boolean) => {
    let value = await readOnce();
    for (let i = 0; i < 80 && !check(value); i++) {
      await sleep(25);
      value = await readOnce();
    }
    expect(check(value), JSON.stringify(value)).toBe(true);
    return value;
  };
  /** A change no trigger reports (replica mode): what the cache answers while no notification comes. */
  const unheard = (statement: SQL) =>
    t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(statement);
    });
  /** A member's session whose own sign-in notification has arrived: its next reads come from the cache. */
  const cachedSession = async (persona: Parameters<TestApp['signIn']>[0]) => {
    const token = await t.signIn(persona, 'de');
    await eventually(
      async () => {
        const before = await fromCache();
        await read(token);
        return (await fromCache()) - before;
      },
      (hits) => hits === 1,
    );
    return token;
  };
  return { t: () => t, metrics: () => metrics, get, read, fromCache, eventually, unheard, cachedSession };
}

/**
 * GET /v2/membership answered from the cache per session (ADR 029), with the database's
 * notifications as main.ts gives them. On PostgreSQL a change made on another connection
 * reaches the app when its notification does, a moment after the commit: those checks wait
 * for it (`eventually`), for at most two seconds.
 */
describe.each(databases())('GET /v2/membership from the cache per session on %s', (kind) => {
  const { t, get, read, eventually, unheard, cachedSession } = useCachedApp(kind);

  it('answers a session from what it read, until a change to the member is heard', async () => {
    const token = await cachedSession('active');
    const name = (await read(token)).profile.first_name;
    await unheard(sql`update members set first_name = 'Unheard' where email = 'active@de.example'`);
    expect((await read(token)).profile.first_name).toBe(name);

    await t().db.execute(sql`update members set first_name = 'Heard' where email = 'active@de.example'`);
    await eventually(
      () => read(token),
      (m) => m.profile.first_name === 'Heard',
    );
  });

  it('hears a change to every table the read model reads, made outside the portal', async () => {
    const token = await cachedSession('in_trial');
    const member = sql`(select id from members where email = 'in_trial@de.example')`;
    const membership = sql`(select id from memberships where member_id = ${member})`;
    const changes: [string, SQL, (m: Membership) => boolean][] = [
      [
        'memberships',
        sql`update memberships set referral_code = 'HEARD-1' where member_id = ${member}`,
        (m) => m.referral_code === 'HEARD-1',
      ],
      [
        'keys',
        sql`update keys set code = '9999' where membership_id = ${membership} and type = 'pin'`,
        (m) => m.keys.some((k) => k.code === '9999'),
      ],
      [
        'freeze_periods',
        sql`insert into freeze_periods (id, membership_id, begin_date, end_date, created_at)
            values ('fp-heard', ${membership}, '2027-03-01', '2027-03-31', now())`,
        (m) => m.freeze_periods.some((f) => f.begin_date === '2027-03-01'),
      ],
      [
        'payment_methods',
        sql`insert into payment_methods (id, member_id, provider, type, brand, details, expire, created_at)
            values ('pm-heard', ${member}, 'verifone', 'card', 'visa', '**** 4242', '3012', now())`,
        (m) => m.current_payment_method?.details === '**** 4242',
      ],
      [
        'locations (every member)',
        sql`update locations set name = 'Heard Club' where id = (select location_id from memberships where id = ${membership})`,
        (m) => m.location.name === 'Heard Club',
      ],
      [
        'products (every member)',
        sql`update products set monthly_fee = 4321 where id = (select product_id from memberships where id = ${membership})`,
        (m) => m.product.schedule.monthly_fee === 4321,
      ],
    ];
    for (const [table, statement, seen] of changes) {
      expect(seen(await read(token)), table).toBe(false);
      await t().db.execute(statement);
      await eventually(() => read(token), seen);
    }
  });

  it('ends a session revoked outside the portal, and one that expired', async () => {
    const revoked = await cachedSession('active');
    await t().db.execute(sql`update sessions set revoked_at = now()
      where member_id = (select id from members where email = 'active@de.example')`);
    await eventually(
      async () => (await get(revoked)).statusCode,
      (status) => status === 401,
    );

    const expiring = await cachedSession('scheduled_freeze');
    const [session] = await selectRows<{ expires_at: string }>(
      t().db,
      sql`select expires_at::text from sessions where revoked_at is null
        and member_id = (select id from members where email = 'scheduled_freeze@de.example')`,
    );
    const start = t().clock.now();
    t().clock.set(new Date(new Date(session!.expires_at).getTime() + 1000));
    try {
      expect((await get(expiring)).statusCode).toBe(401);
    } finally {
      t().clock.set(start);
    }
  });

  it('shows the member’s own change and sign-out at once, without waiting for the notification', async () => {
    const token = await cachedSession('in_cancellation');
    expect((await read(token)).status).toBe('in_cancellation');
    const reactivated = await t().app.inject({
      method: 'DELETE',
      url: '/api/v1/membership/cancellations',
      headers: bearer(token),
    });
    expect(reactivated.statusCode, reactivated.body).toBeLessThan(300);
    expect((await read(token)).status).toBe('active');

    const signedOut = await t().app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: bearer(token),
    });
    expect(signedOut.statusCode, signedOut.body).toBeLessThan(300);
    expect((await get(token)).statusCode).toBe(401);
  });
});

describe.runIf(process.env.DATABASE_URL)(
  'GET /v2/membership from the cache per session, its LISTEN connection lost (PostgreSQL)',
  () => {
    const { t, metrics, read, eventually, unheard, cachedSession } = useCachedApp('postgres');

    it('reads the database while its LISTEN connection is lost, and uses the cache again once it is back', async () => {
      const listening = async () =>
        (await metrics().registry.getSingleMetric('portal_read_model_cache_listening')?.get())?.values[0]
          ?.value;
      const token = await cachedSession('rfid');
      expect(await listening()).toBe(1);
      await t().db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'listen "read_model"'`);
      await eventually(listening, (value) => value === 0);
      // Unheard while it cannot hear: read from the database, not answered from before.
      await unheard(sql`update members set first_name = 'While deaf' where email = 'rfid@de.example'`);
      expect((await read(token)).profile.first_name).toBe('While deaf');
      // LISTEN again within about a second; then sessions are kept again.
      await eventually(listening, (value) => value === 1);
      await cachedSession('rfid');
    });
  },
);
