import { z } from 'zod';

/** Hours on the days of the week 1 (Monday) to 7 (Sunday), times as HH:MM in the club's timezone. */
export const WeeklyHours = z.array(
  z.object({
    days: z.array(z.number().int().min(1).max(7)).min(1),
    opens: z.string().regex(/^\d{2}:\d{2}$/),
    closes: z.string().regex(/^\d{2}:\d{2}$/),
  }),
);
export type WeeklyHours = z.infer<typeof WeeklyHours>;

export const ContactPoint = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address_lines: z.array(z.string()),
});

/**
 * GET /v1/contact (the contact page): the operator's customer service and
 * the member's club, with the club's opening hours and the hours staff are there.
 */
export const ContactInfo = z.object({
  operator: ContactPoint.extend({ service_hours: WeeklyHours }),
  club: ContactPoint.extend({
    id: z.string(),
    opening_hours: WeeklyHours,
    staffed_hours: WeeklyHours,
  }).nullable(),
  membership_number: z.string(),
});
export type ContactInfo = z.infer<typeof ContactInfo>;
