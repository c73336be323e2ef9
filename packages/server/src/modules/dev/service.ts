import type { AppDeps } from '../../deps.ts';
import { listOutbox } from './repository.ts';

export interface OutboxEntry {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  /** null for SMS. */
  subject: string | null;
  body: string;
  created_at: string;
}

export function createDevService(deps: AppDeps) {
  return {
    async outbox(to: string | undefined): Promise<OutboxEntry[]> {
      // Mails written after answering (a reset link, a sign-in notice) are shown as soon as
      // their request has answered: the jobs due now run first.
      await deps.jobs.drain();
      const rows = await listOutbox(deps.db, to);
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        to: r.to,
        subject: r.subject,
        body: r.body,
        created_at: r.createdAt.toISOString(),
      }));
    },
  };
}

export type DevService = ReturnType<typeof createDevService>;
