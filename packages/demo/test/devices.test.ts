// Signed-in devices and the new-password rule: the demo answers as the server does
// (docs/security.md, R8 and R9).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Both, normalize, startBoth } from './support/both.ts';
import { sameOnBoth, signInBoth } from './support/personal.ts';

let both: Both;
beforeAll(async () => {
  both = await startBoth();
});
afterAll(() => both?.close());

const TIMES = ['created_at', 'last_seen_at'];
const bodyOf = (value: unknown) => normalize(value, TIMES);

describe('signed-in devices', () => {
  it('lists, ends one, ends all others and answers 404 for another member’s session alike', async () => {
    const here = await signInBoth(both, 'active', 'de');
    const there = await signInBoth(both, 'active', 'de');
    const stranger = await signInBoth(both, 'in_trial', 'de');
    const listed = await sameOnBoth(both, { name: 'sessions' }, here.tokens, { body: bodyOf });
    expect(listed.demo.body).toHaveLength(2);

    const idOf = async (side: 'demo' | 'server', tokens: typeof here.tokens, current: boolean) => {
      const { [side]: answer } = await both.call({ name: 'sessions' }, tokens);
      return (answer.body as { id: string; current: boolean }[]).find((s) => s.current === current)!.id;
    };
    // Another member's session: 404 on both sides.
    const theirs = {
      server: await idOf('server', stranger.tokens, true),
      demo: await idOf('demo', stranger.tokens, true),
    };
    const notMine = await both.call({ name: 'endSession', params: { id: theirs.server } }, here.tokens);
    expect(notMine.server.status).toBe(404);
    const notMineDemo = await both.call({ name: 'endSession', params: { id: theirs.demo } }, here.tokens);
    expect(notMineDemo.demo).toEqual(notMine.server);

    // End the other one, each side by its own id.
    const other = {
      server: await idOf('server', here.tokens, false),
      demo: await idOf('demo', here.tokens, false),
    };
    const ended = {
      server: (await both.call({ name: 'endSession', params: { id: other.server } }, here.tokens)).server,
      demo: (await both.call({ name: 'endSession', params: { id: other.demo } }, here.tokens)).demo,
    };
    expect(ended.demo).toEqual(ended.server);
    expect(ended.server.status).toBe(204);
    await sameOnBoth(both, { name: 'sessions' }, there.tokens, { body: bodyOf });

    await signInBoth(both, 'active', 'de');
    await sameOnBoth(both, { name: 'endOtherSessions', query: { others: 'true' } }, here.tokens, {
      body: bodyOf,
    });
    const left = await sameOnBoth(both, { name: 'sessions' }, here.tokens, { body: bodyOf });
    expect(left.demo.body).toHaveLength(1);
  });
});

describe('the new-password rule', () => {
  it('refuses a short and a too long new password alike', async () => {
    const { tokens } = await signInBoth(both, 'in_freeze', 'fi');
    for (const new_password of ['lyhyt', 'x'.repeat(129)]) {
      const answers = await sameOnBoth(
        both,
        { name: 'changePassword', body: { current_password: 'demo', new_password } },
        tokens,
      );
      expect(answers.demo.status).toBe(422);
    }
  });
});
