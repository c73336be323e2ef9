// Home club, marketing consent, password change and the data export: as on the server.
import type { OperatorId } from '@portal/contract';
import { operatorIds } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '@portal/demo-data';
import { type Both, type Call, normalize, startBoth, type Tokens } from './support/both.ts';
import { canonical, type SideIds, signInBoth, sameOnBoth, profileBody, rowsOf } from './support/personal.ts';

let both: Both;
beforeAll(async () => {
  both = await startBoth();
});
afterAll(() => both?.close());

/** Random by nature on each side: PINs (in keys and in the SMS texts) and invoice numbers. */
function masked(body: unknown): unknown {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(/\b\d{6,7}\b/g, '<code>');
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return walk(normalize(canonical(body), ['invoice_number']));
}

async function same(call: Call, tokens: Tokens, ids?: SideIds) {
  const answers = await sameOnBoth(both, call, tokens, { ids, body: masked });
  if (ids) {
    const rows = await rowsOf(both, 'members', ids, (r, own) => r.id === own.memberId);
    expect(normalize(rows.demo, ['passwordHash'])).toEqual(normalize(rows.server, ['passwordHash']));
  }
  return answers;
}

const member = (persona: Persona, operator: OperatorId) => signInBoth(both, persona, operator);

const membershipOf = (memberId: string) =>
  both.demo.store.tables.memberships.find((m) => m.memberId === memberId)!;

describe.each(operatorIds)('home club in %s', (operator) => {
  const clubs = () => both.demo.store.tables.locations.filter((l) => l.operatorId === operator);

  it('lists the same clubs and moves the membership; the same club again changes nothing', async () => {
    const { tokens, row, ids } = await member('active', operator);
    await same({ name: 'locations' }, tokens);
    const current = membershipOf(row.id).locationId;
    const other = clubs().find(
      (c) => c.id !== current && c.closingDate === null && (c.openingDate ?? '') <= '2026-11-22',
    )!;
    const moved = await same({ name: 'updateLocation', body: { location_id: other.id } }, tokens, ids);
    expect(moved.demo.status).toBe(204);
    expect(membershipOf(row.id).locationId).toBe(other.id);
    await same({ name: 'updateLocation', body: { location_id: other.id } }, tokens, ids);
  });

  it('refuses a club not open yet, a closed club, an unknown club and another operator’s club', async () => {
    const { tokens, ids } = await member('in_freeze', operator);
    const notOpen = clubs().find((c) => (c.openingDate ?? '') > '2026-11-22')!;
    const closed = clubs().find((c) => c.closingDate !== null)!;
    const foreign = both.demo.store.tables.locations.find((l) => l.operatorId !== operator)!;
    const types: string[] = [];
    for (const id of [notOpen.id, closed.id, 'no-such-club', foreign.id]) {
      const { demo } = await same({ name: 'updateLocation', body: { location_id: id } }, tokens, ids);
      types.push((demo.body as { errors: { type: string }[] }).errors[0]!.type);
    }
    expect(types).toEqual(['club_not_open_yet', 'club_closed', 'unknown_club', 'unknown_club']);
  });

  it('refuses a club change in presale', async () => {
    const { tokens, ids } = await member('presale', operator);
    const open = clubs().find((c) => c.closingDate === null && (c.openingDate ?? '') <= '2026-11-22')!;
    const { demo } = await same({ name: 'updateLocation', body: { location_id: open.id } }, tokens, ids);
    expect(demo.body).toMatchObject({ errors: [{ type: 'invalid_status_to_change_club' }] });
  });

  it('gives and withdraws the marketing consent, a repeat changing nothing', async () => {
    const { tokens, ids } = await member('in_trial', operator);
    for (const gdpr_opt_in of [true, true, false, false]) {
      await same({ name: 'updateGdpr', body: { gdpr_opt_in } }, tokens, ids);
    }
  });
});

describe('password change', () => {
  it.each(operatorIds)(
    'refuses a wrong current password and an unchanged one, then changes it (%s)',
    async (operator) => {
      const other = (await member('scheduled_freeze', operator)).tokens;
      const { tokens, ids } = await member('scheduled_freeze', operator);
      const change = (current: string, next: string) =>
        same(
          { name: 'changePassword', body: { current_password: current, new_password: next } },
          tokens,
          ids,
        );
      const wrong = await change('not-the-password', 'a-new-password-1');
      expect(wrong.demo.body).toMatchObject({ errors: [{ type: 'invalid_current_password' }] });
      const unchanged = await change('demo', 'demo');
      expect(unchanged.demo.status).toBeGreaterThanOrEqual(400);
      const tooShort = await change('demo', 'x');
      expect(tooShort.demo.status).toBe(422);
      expect(tooShort.demo.body).toMatchObject({ errors: [{ type: 'password_too_short' }] });
      expect((await change('demo', 'a-new-password-1')).demo.status).toBe(204);
      // Every other session has ended; this one goes on, and the new password is the one now.
      const ended = await same({ name: 'locations' }, other);
      expect(ended.demo.status).toBe(401);
      expect((await change('demo', 'a-new-password-2')).demo.status).toBe(422);
      expect((await change('a-new-password-1', 'a-new-password-2')).demo.status).toBe(204);
    },
  );
});

describe('data export', () => {
  it.each(operatorIds)('holds the same data after changes (%s)', async (operator) => {
    const { tokens, row, ids } = await member('rfid', operator);
    await same({ name: 'updateGdpr', body: { gdpr_opt_in: !row.gdprOptIn } }, tokens, ids);
    await same(
      {
        name: 'updateProfile',
        body: profileBody(row, { street: 'Exportweg 1', email: `export.${operator}@example.org` }),
      },
      tokens,
      ids,
    );
    await same({ name: 'temporaryPin', body: {} }, tokens, ids);
    const { demo } = await same({ name: 'exportData' }, tokens, ids);
    const data = demo.body as {
      messages: unknown[];
      events: { action: string }[];
      member: Record<string, unknown>;
    };
    expect(data.member).not.toHaveProperty('password_hash');
    expect(data.messages.length).toBeGreaterThan(0);
    expect(data.events.at(-1)?.action).toBe('data_export');
  });
});
