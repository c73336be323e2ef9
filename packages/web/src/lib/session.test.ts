import { describe, expect, it, vi } from 'vitest';
import { captureAccessToken, session, unregisterServiceWorkers } from './session.ts';

describe('session start-up', () => {
  it('stores an access_token query parameter and removes it from the address', () => {
    session.clear();
    window.history.replaceState(null, '', '/payment?access_token=abc123&foo=1#top');
    captureAccessToken();
    expect(session.token).toBe('abc123');
    expect(window.localStorage.getItem('portal.token')).toBe('abc123');
    expect(window.location.pathname).toBe('/payment');
    expect(window.location.search).toBe('?foo=1');
    expect(window.location.hash).toBe('#top');
  });

  it('leaves the address alone without access_token', () => {
    session.clear();
    window.history.replaceState(null, '', '/?x=1');
    captureAccessToken();
    expect(session.token).toBeNull();
    expect(window.location.search).toBe('?x=1');
  });

  it('unregisters every previously registered service worker', async () => {
    const unregister = vi.fn(async () => true);
    const nav = { serviceWorker: { getRegistrations: async () => [{ unregister }, { unregister }] } };
    await unregisterServiceWorkers(nav as unknown as Navigator);
    expect(unregister).toHaveBeenCalledTimes(2);
  });

  it('signs out and remembers why', () => {
    session.signIn('t');
    session.clear('signed_out');
    expect(session.token).toBeNull();
    expect(session.reason).toBe('signed_out');
  });
});
