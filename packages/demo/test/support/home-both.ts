// startBoth (both.ts) for home's tests: while the demo has no sign-in handler yet, a
// member is signed in on the demo side by opening a session for them directly.
import { handlers } from '../../src/handlers/index.ts';
import { demoUsername } from '../../src/data/seed-data.ts';
import { type Both, startBoth as start } from './both.ts';

export { type Both, normalize, type Tokens } from './both.ts';

export async function startBoth(now?: string): Promise<Both> {
  const both = await start(now);
  if (handlers.authenticate) return both;
  both.signIn = async (persona, operator) => {
    const member = both.demo.store.tables.members.find(
      (m) => m.operatorId === operator && m.username === demoUsername(persona, operator),
    );
    if (!member) throw new Error(`no ${persona} at ${operator}`);
    const demo = crypto.randomUUID();
    both.demo.store.sessions.set(demo, { memberId: member.id, operatorId: operator });
    return { server: await both.server.signIn(persona, operator), demo };
  };
  return both;
}
