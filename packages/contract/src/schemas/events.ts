import { z } from 'zod';

export const EventStatus = z.enum(['in_progress', 'success', 'failure']);
export const EventRequest = z
  .object({
    action: z.string().trim().min(1).max(64),
    status: EventStatus,
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type EventRequest = z.infer<typeof EventRequest>;
