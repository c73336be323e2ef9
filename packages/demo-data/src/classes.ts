import type { ImportClass, ImportClassSession, OperatorId } from '@portal/contract';
import { addDays, getOperator, type IsoDate, todayIn, zonedInstant } from '@portal/domain';

// The demo's timetable (docs/classes.md): at every open club of an operator with classes, a
// realistic week of classes from this week's Monday through next week's Sunday, in the
// club's local time, and every club a small studio session (three places) tomorrow evening,
// so a waitlist forms after three bookings.

type ClassInput = Omit<ImportClass, 'description'> & { description: string };

const CLASS_KINDS = [
  {
    key: 'yoga',
    name: 'Yoga Flow',
    intensity: 'low',
    duration: 60,
    description: 'Breath-led flow for mobility and balance.',
  },
  {
    key: 'hiit',
    name: 'HIIT 30',
    intensity: 'high',
    duration: 30,
    description: 'Short intervals at full effort, with rests.',
  },
  {
    key: 'cycle',
    name: 'Indoor Cycling',
    intensity: 'high',
    duration: 45,
    description: 'Rides to music, on your own resistance.',
  },
  {
    key: 'pilates',
    name: 'Pilates',
    intensity: 'medium',
    duration: 55,
    description: 'Core strength and posture on the mat.',
  },
  {
    key: 'pump',
    name: 'Body Pump',
    intensity: 'medium',
    duration: 50,
    description: 'Barbell strength training to music.',
  },
  {
    key: 'reformer',
    name: 'Reformer Pilates',
    intensity: 'medium',
    duration: 50,
    description: 'Pilates on the reformer, in a small group.',
  },
] as const;

/** Per weekday (0 = Monday): the classes of a day, local start times. */
const WEEK: readonly (readonly [string, (typeof CLASS_KINDS)[number]['key'], string, number])[][] = [
  [
    ['07:00', 'yoga', 'Studio 1', 20],
    ['12:15', 'hiit', 'Studio 2', 16],
    ['18:00', 'cycle', 'Cycle room', 24],
  ],
  [
    ['07:00', 'pump', 'Studio 1', 20],
    ['18:30', 'pilates', 'Studio 2', 14],
    ['19:45', 'hiit', 'Studio 1', 16],
  ],
  [
    ['07:00', 'yoga', 'Studio 1', 20],
    ['12:15', 'cycle', 'Cycle room', 24],
    ['18:00', 'pump', 'Studio 1', 20],
  ],
  [
    ['07:00', 'hiit', 'Studio 2', 16],
    ['18:30', 'yoga', 'Studio 1', 20],
    ['19:45', 'cycle', 'Cycle room', 24],
  ],
  [
    ['07:00', 'pilates', 'Studio 2', 14],
    ['12:15', 'pump', 'Studio 1', 20],
    ['17:30', 'hiit', 'Studio 2', 16],
  ],
  [
    ['09:30', 'cycle', 'Cycle room', 24],
    ['11:00', 'yoga', 'Studio 1', 20],
  ],
  [
    ['10:00', 'pilates', 'Studio 2', 14],
    ['11:30', 'pump', 'Studio 1', 20],
  ],
];

const INSTRUCTORS = ['Lena', 'Jonas', 'Sofia', 'Mikael', 'Aino', 'Emil', 'Clara', 'Noah'];

/** The small session's start, tomorrow in the club's local time. */
export const SMALL_SESSION_TIME = '20:30';
export const SMALL_SESSION_CAPACITY = 3;

export const classId = (op: OperatorId, key: string) => `${op}-class-${key}`;
/** The id of the small session at a club (the seed and the browser tests find it by it). */
export const smallSessionId = (clubId: string) => `${clubId}-small-reformer`;

/** Monday of the week of `date`. */
function mondayOf(date: IsoDate): IsoDate {
  const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

export function demoTimetable(
  op: OperatorId,
  clubIds: readonly string[],
  now: Date,
): { classes: ClassInput[]; class_sessions: ImportClassSession[] } {
  const { timezone } = getOperator(op);
  const classes: ClassInput[] = CLASS_KINDS.map((k) => ({
    id: classId(op, k.key),
    operator_id: op,
    name: k.name,
    description: k.description,
    intensity: k.intensity,
    duration_minutes: k.duration,
  }));
  const today = todayIn(timezone, now);
  const monday = mondayOf(today);
  const sessions: ImportClassSession[] = [];
  clubIds.forEach((clubId, clubIndex) => {
    for (let day = 0; day < 14; day++) {
      const date = addDays(monday, day);
      WEEK[day % 7]!.forEach(([time, key, room, capacity], slot) => {
        const kind = CLASS_KINDS.find((k) => k.key === key)!;
        const startsAt = zonedInstant(date, time, timezone);
        sessions.push({
          id: `${clubId}-${date}-${time.replace(':', '')}`,
          class_id: classId(op, key),
          club_id: clubId,
          starts_at: startsAt.toISOString(),
          ends_at: new Date(startsAt.getTime() + kind.duration * 60_000).toISOString(),
          room,
          instructor: INSTRUCTORS[(day + slot + clubIndex) % INSTRUCTORS.length]!,
          capacity,
        });
      });
    }
    const startsAt = zonedInstant(addDays(today, 1), SMALL_SESSION_TIME, timezone);
    sessions.push({
      id: smallSessionId(clubId),
      class_id: classId(op, 'reformer'),
      club_id: clubId,
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + 50 * 60_000).toISOString(),
      room: 'Reformer studio',
      instructor: INSTRUCTORS[clubIndex % INSTRUCTORS.length]!,
      capacity: SMALL_SESSION_CAPACITY,
    });
  });
  return { classes, class_sessions: sessions };
}
