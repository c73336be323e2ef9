import type { OperatorId } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type Listen, selectRows } from '../../db/client.ts';
import type { DeliveryObserver } from '../../ports.ts';
import { OUTBOX_CHANNEL } from '../outbox.ts';
import type { DeliverySettings } from './config.ts';
import { DeliveryError, type OutgoingMessage, type Transport } from './transport.ts';

type Channel = OutgoingMessage['channel'];

export type { DeliveryObserver } from '../../ports.ts';

export interface DeliveryWorkerOptions {
  db: Db;
  settings: Pick<
    DeliverySettings,
    'pollMs' | 'maxAttempts' | 'retryBaseMs' | 'retryMaxMs' | 'leaseMs' | 'batchSize'
  >;
  /** A channel without a transport is not delivered: its messages wait (production without a provider). */
  transports: Partial<Record<Channel, Transport>>;
  log: FastifyBaseLogger;
  observer?: DeliveryObserver;
  listen?: Listen;
  /** Sends at once per worker. */
  concurrency?: number;
}

export interface DeliveryWorker {
  /** Polls, listens for new messages and delivers what is due. */
  start(): void;
  /** Delivers what is due now, after whatever runs. */
  kick(): void;
  /** Resolves when the messages due now were tried (tests). */
  drain(): Promise<void>;
  /**
   * Stops claiming, lets the sends in flight finish and records them, and gives back what
   * this worker had claimed but not started, so another instance takes it at once.
   */
  stop(): Promise<void>;
}

interface Claimed {
  id: number;
  channel: Channel;
  operator_id: string | null;
  to: string;
  subject: string | null;
  body: string;
  /** The tries including this one; also this claim's token (a later claim increments it). */
  attempts: number;
}

/**
 * The outbox's delivery worker (ADR 014). A claim is one statement: it locks due rows
 * with FOR UPDATE SKIP LOCKED, so concurrent workers never take the same row, and gives
 * them a lease (locked_until) instead of holding the lock while sending, so a connection
 * is never held across a network call. A row is marked delivered right after its send,
 * guarded by its attempts count: a worker whose lease ran out (and whose row was taken
 * again) cannot overwrite the newer claim's outcome. A crash between send and mark sends
 * the message again after the lease: at least once, never twice otherwise.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, settings, transports, log, observer } = options;
  const channels = (Object.keys(transports) as Channel[]).filter((c) => transports[c]);
  const concurrency = options.concurrency ?? 5;
  let tail: Promise<void> = Promise.resolve();
  let queued = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let unlisten: Promise<(() => Promise<void>) | null> = Promise.resolve(null);

  /** Full backoff for this many tries, with jitter between half and all of it. */
  const retryDelayMs = (attempts: number) => {
    const full = Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** (attempts - 1));
    return Math.round(full * (0.5 + Math.random() * 0.5));
  };

  const claim = () =>
    selectRows<Claimed>(
      db,
      sql`update outbox set attempts = attempts + 1,
            locked_until = now() + ${settings.leaseMs}::integer * interval '1 millisecond'
          where id in (
            select id from outbox
            where status = 'pending' and next_attempt_at <= now()
              and (locked_until is null or locked_until < now())
              and channel in (${sql.join(
                channels.map((c) => sql`${c}`),
                sql`, `,
              )})
            order by next_attempt_at, id
            limit ${settings.batchSize}
            for update skip locked)
          returning id, channel, operator_id, "to", subject, body, attempts`,
    );

  const markDelivered = (row: Claimed) =>
    db.execute(sql`update outbox set status = 'delivered', delivered_at = now(), locked_until = null,
        last_error = null
      where id = ${row.id} and attempts = ${row.attempts} and status = 'pending'`);

  const markFailed = (row: Claimed, kind: string, dead: boolean) =>
    db.execute(sql`update outbox set status = ${dead ? 'dead' : 'pending'}, last_error = ${kind},
        locked_until = null,
        next_attempt_at = now() + ${dead ? 0 : retryDelayMs(row.attempts)}::integer * interval '1 millisecond'
      where id = ${row.id} and attempts = ${row.attempts} and status = 'pending'`);

  /** Gives a claimed row back untried: the claim did not count as a try. */
  const release = (row: Claimed) =>
    db.execute(sql`update outbox set attempts = attempts - 1, locked_until = null
      where id = ${row.id} and attempts = ${row.attempts} and status = 'pending'`);

  async function deliver(row: Claimed): Promise<void> {
    const transport = transports[row.channel];
    if (!transport) return;
    let failure: DeliveryError | null = null;
    try {
      await transport.send({
        id: row.id,
        channel: row.channel,
        operatorId: row.operator_id as OperatorId | null,
        to: row.to,
        subject: row.subject,
        body: row.body,
      });
    } catch (error) {
      failure = error instanceof DeliveryError ? error : new DeliveryError('error', false);
    }
    try {
      if (!failure) {
        await markDelivered(row);
        observer?.delivered(row.channel);
        return;
      }
      const dead = failure.permanent || row.attempts >= settings.maxAttempts;
      await markFailed(row, failure.kind, dead);
      observer?.failed(row.channel, failure.kind, dead);
      const entry = {
        delivery: { id: row.id, channel: row.channel, attempts: row.attempts, kind: failure.kind },
      };
      if (dead) log.error(entry, 'message given up (dead)');
      else log.warn(entry, 'message not delivered, will retry');
    } catch {
      // The outcome is lost; after the lease the message is tried again (ADR 014).
      log.warn({ delivery: { id: row.id, channel: row.channel } }, 'delivery outcome could not be recorded');
    }
  }

  /** Sends a claimed batch, a few at a time; what is not started once stopping is given back. */
  async function deliverBatch(rows: Claimed[]): Promise<void> {
    // Never start a send that could outlast the lease (another worker may take the row then).
    const startBy = performance.now() + settings.leaseMs / 2;
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++] as Claimed;
        if (stopped || performance.now() > startBy) await release(row).catch(() => {});
        else await deliver(row);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
  }

  async function runDue(): Promise<void> {
    if (channels.length === 0) return;
    while (!stopped) {
      let rows: Claimed[];
      try {
        rows = await claim();
      } catch {
        log.warn({ delivery: { claim: 'failed' } }, 'outbox could not be read');
        return;
      }
      if (rows.length === 0) return;
      await deliverBatch(rows);
    }
  }

  function schedule(): Promise<void> {
    if (stopped) return tail;
    if (!queued) {
      queued = true;
      tail = tail
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(() => {
          queued = false;
          return runDue();
        })
        .catch(() => log.error({ delivery: { run: 'failed' } }, 'delivery run failed'));
    }
    return tail;
  }

  return {
    start() {
      if (timer || stopped || channels.length === 0) return;
      timer = setInterval(() => void schedule(), settings.pollMs);
      timer.unref();
      if (options.listen) {
        unlisten = options
          .listen(OUTBOX_CHANNEL, () => void schedule())
          .then((off) => {
            // A message committed while LISTEN was being set up sent its notification to no one.
            void schedule();
            return off;
          })
          .catch(() => {
            log.warn({ delivery: { listen: 'failed' } }, 'outbox notifications unavailable, polling only');
            return null;
          });
      }
      void schedule();
    },
    kick: () => void schedule(),
    // Once listening (or known not to), so that whatever the caller writes next wakes the worker.
    drain: () => unlisten.then(() => schedule()),
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      const off = await unlisten;
      await off?.().catch(() => {});
      await tail;
    },
  };
}
