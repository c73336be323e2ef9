// Chips and PINs: activation, a lost chip, a forgotten chip's temporary PIN, as on the server.
import type { OperatorId } from '@portal/contract';
import { operatorIds } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '@portal/demo-data';
import { type Both, type Call, startBoth, type Tokens } from './support/both.ts';
import { demoMember, type SideIds, signInBoth, sameOnBoth, rowsOf } from './support/personal.ts';

let both: Both;
beforeAll(async () => {
  both = await startBoth();
});
afterAll(() => both?.close());

function membershipOf(memberId: string) {
  return both.demo.store.tables.memberships.find((m) => m.memberId === memberId)!.id;
}

/** One call on both sides; equal answers, messages, events, keys, chip orders and invoices. */
async function same(call: Call, tokens: Tokens, ids: SideIds) {
  const answers = await sameOnBoth(both, call, tokens, { ids });
  type Own = SideIds['server'];
  for (const [table, match] of [
    ['keys', (r: Record<string, unknown>, own: Own) => r.membershipId === own.membershipId],
    ['chipOrders', (r: Record<string, unknown>, own: Own) => r.membershipId === own.membershipId],
    ['invoices', (r: Record<string, unknown>, own: Own) => r.memberId === own.memberId],
  ] as const) {
    const rows = await rowsOf(both, table, ids, match);
    expect(rows.demo, table).toEqual(rows.server);
  }
  return answers;
}

const member = (persona: Persona, operator: OperatorId) => signInBoth(both, persona, operator);

const chipOf = (memberId: string) =>
  both.demo.store.tables.keys.find((k) => k.membershipId === membershipOf(memberId) && k.type === 'rfid')!
    .code;

describe.each(operatorIds)('access in %s', (operator) => {
  it('activates a new chip for a member with a PIN, ending the PIN; the same code again is answered as it is', async () => {
    const { tokens, ids } = await member('active', operator);
    const code = `04a1 b2c3-${operator}`;
    const first = await same({ name: 'activateChip', body: { code } }, tokens, ids);
    expect(first.demo.status).toBe(200);
    await same({ name: 'activateChip', body: { code } }, tokens, ids);
  });

  it('refuses a chip another membership holds, and chips in an ended membership', async () => {
    const rfid = demoMember(both, 'rfid', operator);
    const { tokens, ids } = await member('in_trial', operator);
    const taken = await same({ name: 'activateChip', body: { code: chipOf(rfid.id) } }, tokens, ids);
    expect(taken.demo.body).toMatchObject({ errors: [{ type: 'chip_already_assigned' }] });
    const ended = await member('cancelled', operator);
    const refused = await same(
      { name: 'activateChip', body: { code: `FFEE${operator}01` } },
      ended.tokens,
      ended.ids,
    );
    expect(refused.demo.body).toMatchObject({ errors: [{ type: 'invalid_status_for_access' }] });
  });

  it('gives a forgotten-chip PIN once a day (fee where the operator bills one), then a lost chip ends it', async () => {
    const { tokens, row, ids } = await member('rfid', operator);
    const chip = chipOf(row.id);
    const pin = await same({ name: 'temporaryPin', body: {} }, tokens, ids);
    expect(pin.demo.body).toMatchObject({ already_issued: false });
    const again = await same({ name: 'temporaryPin', body: {} }, tokens, ids);
    expect(again.demo.body).toMatchObject({ already_issued: true });

    const wrong = await same({ name: 'reportLostChip', body: { code: 'NOTMINE1' } }, tokens, ids);
    expect(wrong.demo.body).toMatchObject({ errors: [{ type: 'key_not_assigned' }] });
    const lost = await same({ name: 'reportLostChip', body: { code: chip.toLowerCase() } }, tokens, ids);
    expect(lost.demo.status).toBe(204);
    // Reported again: nothing more is sent or ordered.
    await same({ name: 'reportLostChip', body: { code: chip } }, tokens, ids);
    const reactivate = await same({ name: 'activateChip', body: { code: chip } }, tokens, ids);
    expect(reactivate.demo.body).toMatchObject({ errors: [{ type: 'chip_reported_lost' }] });
  });

  it('refuses a forgotten-chip PIN without an active chip', async () => {
    const { tokens, ids } = await member('in_freeze', operator);
    const refused = await same({ name: 'temporaryPin', body: {} }, tokens, ids);
    expect(refused.demo.body).toMatchObject({ errors: [{ type: 'no_active_chip' }] });
  });
});
