import { z } from 'zod/mini';

export const EventStatus = z.enum(['in_progress', 'success', 'failure']);
export const EventRequest = z.strictObject({
  action: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  status: EventStatus,
  details: z.optional(z.record(z.string(), z.unknown())),
});
export type EventRequest = z.infer<typeof EventRequest>;
