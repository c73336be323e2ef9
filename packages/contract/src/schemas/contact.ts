import { z } from 'zod/mini';

/** Hours on the days of the week 1 (Monday) to 7 (Sunday), times as HH:MM in the club's timezone. */
export const WeeklyHours = z.array(
  z.object({
    days: z.array(z.int().check(z.gte(1), z.lte(7))).check(z.minLength(1)),
    opens: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
    closes: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
  }),
);
export type WeeklyHours = z.infer<typeof WeeklyHours>;

export const ContactPoint = z.object({
  name: z.string(),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  address_lines: z.array(z.string()),
});

/**
 * GET /v1/contact (the contact page): the operator's customer service and
 * the member's club, with the club's opening hours and the hours staff are there.
 */
export const ContactInfo = z.object({
  operator: z.extend(ContactPoint, { service_hours: WeeklyHours }),
  club: z.nullable(
    z.extend(ContactPoint, {
      id: z.string(),
      opening_hours: WeeklyHours,
      staffed_hours: WeeklyHours,
    }),
  ),
  membership_number: z.string(),
});
export type ContactInfo = z.infer<typeof ContactInfo>;
