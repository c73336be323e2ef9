import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { notices } from '../lib/notices.ts';

/**
 * Every console.error fails the test it happens in. React writes its development warnings
 * there (an update not wrapped in act, a missing key, invalid markup, a state update during
 * another component's render …) with no common prefix to match, and the app writes its own
 * errors there too, so the rule is all of it, not a pattern. A test that provokes an error on
 * purpose silences it with its own `vi.spyOn(console, 'error')`; that spy wraps this one and
 * restores it. Messages are kept until checked, so one logged after a test ended (an answer
 * arriving late) fails the next test or, after the last one, the file.
 */
const logged: string[] = [];
const writeError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  logged.push(substitute(args));
  writeError(...args);
};

/** The message as the console prints it, enough to find it: `%s`-style placeholders filled in. */
function substitute([first, ...rest]: unknown[]): string {
  if (typeof first !== 'string') return [first, ...rest].map(text).join(' ');
  let next = 0;
  // %c styles the text in a browser console: its argument is not part of the message.
  const message = first.replace(/%[sdifoOc]/g, (p) => {
    const value = rest[next++];
    return p === '%c' ? '' : text(value);
  });
  return [message, ...rest.slice(next).map(text)].join(' ');
}

/** Any argument as text; an object without a prototype has no toString. */
function text(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

function failOnLoggedErrors(when: string): void {
  if (logged.length === 0) return;
  const messages = logged.splice(0).map((m) => `- ${m.split('\n')[0]}`);
  throw new Error(
    `console.error was called ${when} (see stderr for the whole message):\n${messages.join('\n')}`,
  );
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // The 'not implemented' banner is module state: one test's unanswered call must not show in the next.
  notices.dismiss();
  failOnLoggedErrors('while this test ran (by it, or by work an earlier test left running)');
});

afterAll(() => failOnLoggedErrors('after the last test of this file'));
