import type { DemoMessage } from '@portal/demo';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../lib/session.ts';
import { renderWith, setupI18n } from '../test/render.tsx';
import { DemoRibbon } from './DemoRibbon.tsx';

// The tab's demo without its demo data: the ribbon only reads the messages and resets.
const fake = vi.hoisted(() => {
  let messages: DemoMessage[] = [];
  const listeners = new Set<() => void>();
  let version = 0;
  const changed = () => {
    version += 1;
    for (const listener of listeners) listener();
  };
  return {
    send(message: DemoMessage) {
      messages = [message, ...messages];
      changed();
    },
    demoApi: {
      messages: () => messages,
      reset: vi.fn(async () => {
        messages = [];
        changed();
      }),
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      version: () => version,
    },
  };
});
vi.mock('./state.ts', () => ({ demoApi: fake.demoApi }));

const sms = (body: string, minute: number): DemoMessage => ({
  id: `message-${minute}`,
  channel: 'sms',
  to: '+4915112345678',
  subject: null,
  body,
  createdAt: new Date(`2026-03-15T10:${String(minute).padStart(2, '0')}:00Z`),
});

beforeAll(() => setupI18n('en-DE'));

describe('DemoRibbon', () => {
  it('shows a message the moment the portal sends it (the phone code), and lists all on demand', async () => {
    const user = userEvent.setup();
    renderWith(<DemoRibbon />);
    const ribbon = screen.getByRole('region', { name: 'Demo' });
    expect(within(ribbon).getByRole('button', { name: 'Messages 0' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    act(() => fake.send(sms('Your Stride Fitness code: 482913', 1)));
    const live = within(ribbon).getByRole('status');
    expect(live).toHaveTextContent('New message');
    expect(live).toHaveTextContent('SMS to +4915112345678');
    expect(live).toHaveTextContent('Your Stride Fitness code: 482913');
    // When it was sent: the outbox's time, as a date.
    expect(live.querySelector('time')).toHaveAttribute('datetime', '2026-03-15T10:01:00.000Z');
    // Testing Library's events run in act: the ribbon has rendered when the click resolves.
    await user.click(within(live).getByRole('button', { name: 'Dismiss' }));
    expect(live).toBeEmptyDOMElement();

    act(() =>
      fake.send({ ...sms('Reset your password: https://…', 2), channel: 'email', subject: 'Password' }),
    );
    await user.click(within(ribbon).getByRole('button', { name: 'Messages 2' }));
    const list = within(ribbon).getByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('E-mail to +4915112345678'),
      expect.stringContaining('482913'),
    ]);
    // Listed, so no longer new.
    expect(within(ribbon).getByRole('status')).toBeEmptyDOMElement();
  });

  it('closes the message list with Escape, from inside it or from its toggle, focus back on the toggle', async () => {
    const user = userEvent.setup();
    renderWith(<DemoRibbon />);
    act(() =>
      fake.send({ ...sms('Reset: https://portal.example/reset', 3), channel: 'email', subject: 'Reset' }),
    );
    const toggle = screen.getByRole('button', { name: /^Messages/ });
    await user.click(toggle);
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).toBeVisible();

    // Into the list by keyboard: past the reset button to the message's link.
    await user.tab();
    await user.tab();
    expect(within(panel).getByRole('link', { name: 'https://portal.example/reset' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(panel).not.toBeVisible();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(panel).toBeVisible();
    await user.keyboard('{Escape}');
    expect(panel).not.toBeVisible();
    expect(toggle).toHaveFocus();
  });

  it('resets the demo and signs out', async () => {
    const user = userEvent.setup();
    session.signIn('token-1');
    renderWith(<DemoRibbon />);
    await user.click(screen.getByRole('button', { name: 'Reset demo' }));
    expect(fake.demoApi.reset).toHaveBeenCalledOnce();
    expect(session.token).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('The demo is back at its start.');
  });
});
