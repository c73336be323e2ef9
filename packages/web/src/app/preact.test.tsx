import { getOperator } from '@portal/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRequire } from 'node:module';
import * as compat from 'preact/compat';
import * as React from 'react';
import { beforeAll, expect, it } from 'vitest';
import { session } from '../lib/session.ts';
import { fakeFetch } from '../test/fakeFetch.ts';
import { setupI18n, testQueryClient } from '../test/render.tsx';
import { App } from './App.tsx';

// The app ships on Preact (ADR 021); the tests must run what ships, not React.
beforeAll(async () => {
  await setupI18n('en-DE');
});

it('runs the app and its libraries on Preact, with React itself never loaded', async () => {
  expect(React.useState).toBe(compat.useState);
  session.clear();
  fakeFetch({});
  window.history.replaceState(null, '', '/');
  // The login uses React Router, react-i18next, TanStack Query and react-hook-form.
  render(<App operator={getOperator('de')} queryClient={testQueryClient()} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Please enter your username.')).toBeInTheDocument();

  const loaded = Object.keys(createRequire(import.meta.url).cache);
  expect(loaded.filter((file) => /\/node_modules\/react(-dom)?\//.test(file))).toEqual([]);
});
