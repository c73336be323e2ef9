import { endpoints } from '@portal/contract';
import { type Credential, defineEndpoint } from '../../endpoints/table.ts';
import type { ClassesService } from './service.ts';

export function classesEndpoints(classes: ClassesService, session: Credential) {
  return {
    classTimetable: defineEndpoint(endpoints.classTimetable, {
      credential: session,
      handle: ({ auth, query }) => classes.timetable(auth, query),
    }),
    classCalendar: defineEndpoint(endpoints.classCalendar, {
      credential: session,
      handle: ({ auth, client, query, setHeader }) => {
        setHeader('content-disposition', 'attachment; filename="classes.ics"');
        return classes.calendar(auth, new URL(client.origin).hostname, query.session_id);
      },
    }),
    bookClass: defineEndpoint(endpoints.bookClass, {
      credential: session,
      handle: ({ auth, params }) => classes.book(auth, params.id),
    }),
    cancelClassBooking: defineEndpoint(endpoints.cancelClassBooking, {
      credential: session,
      handle: ({ auth, params }) => classes.cancel(auth, params.id),
    }),
  };
}
