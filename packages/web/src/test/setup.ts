import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { notices } from '../lib/notices.ts';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // The 'not implemented' banner is module state: one test's unanswered call must not show in the next.
  notices.dismiss();
});

// Effects wait for the next frame with a 100 ms timer as a fallback, and that timer calls
// cancelAnimationFrame. A timer still pending when a file's jsdom is torn down would fire
// without it (an uncaught ReferenceError that fails the run); on a loaded machine the last
// test's timers often are. A longer timer, set after them, fires after them.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 150)));
