import { asc, eq, lte } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/executor.ts';
import { jobs } from '../db/schema.ts';
import type { Log } from '../platform/log.ts';
import { backgroundInterval, nextTurn } from '../platform/time.ts';

/** Does one job inside the transaction that deletes its row; throws to retry it later. */
export type JobHandler = (tx: Tx, payload: Record<string, unknown>) => Promise<void>;

/**
 * Work done after answering (docs/security.md, finding 2): a request writes a row to
 * `jobs`, which takes the same time whatever the work will find, and answers; the runner
 * then does the work. A row survives a crash (the next poll, in any process, takes it);
 * several processes share the table through FOR UPDATE SKIP LOCKED.
 */
export interface JobQueue {
  /** Registers what a kind of job does (modules do this while the app is built). */
  handle(kind: string, handler: JobHandler): void;
  /** Writes a job, inside the caller's transaction if `ex` is one. Call kick() after it committed. */
  enqueue(ex: Executor, kind: string, payload: Record<string, unknown>): Promise<void>;
  /** Runs the due jobs once the current request has answered. */
  kick(): void;
  /** Resolves when the jobs due now have run (the dev outbox, tests). */
  drain(): Promise<void>;
  /** Polls for jobs left by a crash or waiting for a retry. */
  start(): void;
  /** Stops polling and waits for the running job. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  /** Real time: retries are spaced in real seconds whatever PORTAL_CLOCK says. */
  wallClock: () => number;
  log: Log;
  pollMs?: number;
  /** Attempts before a job is given up (logged, row deleted). */
  maxAttempts?: number;
}

const DEFAULT_POLL_MS = 5000;
const DEFAULT_MAX_ATTEMPTS = 8;
/** Jobs run one after another per process; a run stops after this many so polls stay short. */
const JOBS_PER_RUN = 200;

export function createJobQueue(db: Db, options: JobQueueOptions): JobQueue {
  const { wallClock, log } = options;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const handlers = new Map<string, JobHandler>();
  let tail: Promise<void> = Promise.resolve();
  let queued = false;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | null = null;

  /** Retry after 5 s, 10 s, 20 s … at most an hour. */
  const backoffMs = (attempts: number) => Math.min(60 * 60 * 1000, 5000 * 2 ** (attempts - 1));

  async function giveUpOrRetry(job: { id: number; kind: string; attempts: number }, error: unknown) {
    const attempts = job.attempts + 1;
    if (attempts >= maxAttempts) {
      log.error({ err: error, job: { id: job.id, kind: job.kind, attempts } }, 'job given up');
      await db.delete(jobs).where(eq(jobs.id, job.id));
      return;
    }
    log.warn({ err: error, job: { id: job.id, kind: job.kind, attempts } }, 'job failed, will retry');
    await db
      .update(jobs)
      .set({ attempts, runAfter: new Date(wallClock() + backoffMs(attempts)) })
      .where(eq(jobs.id, job.id));
  }

  /** Runs the oldest due job; false when there is none (or the database is not there). */
  async function runOne(): Promise<boolean> {
    const taken: { job: { id: number; kind: string; attempts: number } | null } = { job: null };
    try {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(jobs)
          .where(lte(jobs.runAfter, new Date(wallClock())))
          .orderBy(asc(jobs.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return;
        taken.job = { id: row.id, kind: row.kind, attempts: row.attempts };
        const handler = handlers.get(row.kind);
        if (!handler) throw new Error(`no handler for job kind ${row.kind}`);
        await handler(tx, row.payload);
        await tx.delete(jobs).where(eq(jobs.id, row.id));
      });
    } catch (error) {
      if (!taken.job) {
        log.warn({ err: error }, 'jobs could not be read');
        return false;
      }
      try {
        await giveUpOrRetry(taken.job, error);
      } catch (again) {
        log.warn({ err: again }, 'job failure could not be recorded');
        return false;
      }
    }
    return taken.job !== null;
  }

  async function runDue(): Promise<void> {
    for (let n = 0; n < JOBS_PER_RUN && !stopped; n++) {
      if (!(await runOne())) return;
    }
  }

  /** One run after whatever runs now, so a job written just before is always seen. */
  function schedule(): Promise<void> {
    if (stopped) return tail;
    if (!queued) {
      queued = true;
      tail = tail
        .then(nextTurn)
        .then(() => {
          queued = false;
          return runDue();
        })
        .catch((error) => log.error({ err: error }, 'job run failed'));
    }
    return tail;
  }

  return {
    handle(kind, handler) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
      handlers.set(kind, handler);
    },
    async enqueue(ex, kind, payload) {
      if (!handlers.has(kind)) throw new Error(`no handler for job kind ${kind}`);
      const now = new Date(wallClock());
      await ex.insert(jobs).values({ kind, payload, runAfter: now, attempts: 0, createdAt: now });
    },
    kick() {
      void schedule();
    },
    drain: () => schedule(),
    start() {
      if (timer || stopped) return;
      timer = backgroundInterval(() => void schedule(), options.pollMs ?? DEFAULT_POLL_MS);
      void schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await tail;
    },
  };
}
