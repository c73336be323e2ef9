import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { notices } from '../lib/notices.ts';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // The 'not implemented' banner is module state: one test's unanswered call must not show in the next.
  notices.dismiss();
});
