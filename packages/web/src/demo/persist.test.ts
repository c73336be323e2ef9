import { createDemo, type DemoStore, seedDemo } from '@portal/demo';
import { reviveStore, serializeStore } from './persist.ts';

function store(): Pick<DemoStore, 'tables' | 'sessions' | 'outbox'> {
  const { tables } = createDemo().store; // every table, empty
  tables.events.push({
    id: 'e1',
    memberId: 'm1',
    type: 'freeze_requested',
    // A text that looks like a timestamp must stay a text.
    payload: { note: '2026-03-01T00:00:00.000Z' },
    createdAt: new Date('2026-03-15T10:00:00.000Z'),
  } as unknown as DemoStore['tables']['events'][number]);
  return {
    tables,
    sessions: new Map([['token-1', { memberId: 'm1', operatorId: 'no' }]]),
    outbox: [
      {
        channel: 'sms',
        to: '+4791234567',
        subject: null,
        body: 'Koden din er 123456',
        memberId: 'm1',
        createdAt: new Date('2026-03-15T10:01:00.000Z'),
      },
    ],
  };
}

describe('the demo store across a reload', () => {
  it('comes back with its rows, Dates, sessions and messages', () => {
    const original = store();
    const revived = reviveStore(serializeStore(original));
    expect(revived).toEqual(original);
    const event = revived?.tables.events[0] as unknown as { createdAt: Date; payload: { note: unknown } };
    expect(event.createdAt).toBeInstanceOf(Date);
    expect(event.payload.note).toBe('2026-03-01T00:00:00.000Z');
    expect(revived?.sessions.get('token-1')).toEqual({ memberId: 'm1', operatorId: 'no' });
    expect(revived?.outbox[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('keeps every row of the demo data as it was, within what sessionStorage holds', () => {
    const { store: seeded } = createDemo({ seed: seedDemo, now: () => new Date('2026-11-22T09:00:00Z') });
    const text = serializeStore(seeded);
    // Browsers keep about 5 million characters per origin; the changes of a visit need room too.
    expect(text.length).toBeLessThan(3_000_000);
    expect(reviveStore(text)?.tables).toEqual(seeded.tables);
  }, 30_000);

  it('reads nothing from a text it did not write', () => {
    expect(reviveStore('not json')).toBeNull();
    expect(reviveStore('{"tables":{}}')).toBeNull();
  });
});
