import { ContactInfo, ErrorBody } from '@portal/contract';
import { operatorIds } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../src/db/schema.ts';
import { databases, startApp, type TestApp } from './support/harness.ts';
import { memberApi } from './support/member-api.ts';

describe.each(databases())('contact on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof memberApi>;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-11-22T10:00:00Z' });
    api = memberApi(t);
  });
  afterAll(() => t?.close());

  const contact = async (token: string) => {
    const res = await api.call('GET', '/v1/contact', token);
    expect(res.statusCode, res.body).toBe(200);
    return ContactInfo.parse(res.json());
  };

  it("gives the operator's customer service and the member's club with its hours", async () => {
    const token = await t.signIn('active', 'de');
    const m = await api.membership(token);
    expect(await contact(token)).toEqual({
      operator: {
        name: 'Stride Fitness Deutschland GmbH',
        phone: '+49 30 2092 4410',
        email: 'kundenservice@de.stride.example',
        address_lines: ['Friedrichstraße 68', '10117 Berlin', 'Deutschland'],
        service_hours: [
          { days: [1, 2, 3, 4, 5], opens: '08:00', closes: '20:00' },
          { days: [6], opens: '10:00', closes: '16:00' },
        ],
      },
      club: {
        id: 'de-berlin-mitte',
        name: 'Stride Berlin Mitte',
        phone: '+49 30 2847 3310',
        email: 'berlin-mitte@de.stride.example',
        address_lines: ['Rosenthaler Straße 40', '10178 Berlin'],
        opening_hours: [
          { days: [1, 2, 3, 4, 5], opens: '06:00', closes: '23:00' },
          { days: [6, 7], opens: '08:00', closes: '22:00' },
        ],
        staffed_hours: [
          { days: [1, 2, 3, 4, 5], opens: '10:00', closes: '21:00' },
          { days: [6, 7], opens: '10:00', closes: '18:00' },
        ],
      },
      membership_number: m.membership_number,
    });
  });

  it('has complete details in international format for every operator', async () => {
    const phone = /^\+\d{2,3}( \d{1,4})+$/;
    for (const op of operatorIds) {
      const info = await contact(await t.signIn('active', op));
      expect(info.operator.phone, op).toMatch(phone);
      expect(info.club?.phone, op).toMatch(phone);
      expect(info.club?.email, op).toMatch(new RegExp(`@${op}\\.stride\\.example$`));
      expect(info.club?.address_lines[1], op).toMatch(/^\d{4,5} \S/);
      expect(info.club?.staffed_hours.length, op).toBeGreaterThan(0);
      expect(info.operator.service_hours.length, op).toBeGreaterThan(0);
    }
  });

  it("shows each member their own club and number, never another member's", async () => {
    const oslo = await contact(await t.signIn('active', 'no'));
    const bergen = await contact(await t.signIn('in_freeze', 'no'));
    expect(oslo.club?.id).toBe('no-oslo-grunerlokka');
    expect(bergen.club?.id).toBe('no-bergen-sentrum');
    expect(oslo.membership_number).not.toBe(bergen.membership_number);

    // A change of club shows at once.
    const token = await t.signIn('unpaid', 'no');
    const moved = await api.call('POST', '/v1/membership/update-location', token, {
      location_id: 'no-bergen-sentrum',
    });
    expect(moved.statusCode).toBe(204);
    expect((await contact(token)).club?.id).toBe('no-bergen-sentrum');
  });

  it('leaves out a club closed for good', async () => {
    const token = await t.signIn('rfid', 'fi');
    const { id } = await api.membership(token);
    await t.db.update(memberships).set({ locationId: 'fi-oulu-keskusta' }).where(eq(memberships.id, id));
    const info = await contact(token);
    expect(info.club).toBeNull();
    expect(info.operator.email).toBe('asiakaspalvelu@fi.stride.example');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/contact' });
    expect(res.statusCode).toBe(401);
    expect(ErrorBody.parse(res.json()).errors[0]?.type).toBe('unauthorized');
  });
});
