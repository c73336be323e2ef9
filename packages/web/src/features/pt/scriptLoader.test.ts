import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadPtWidgets,
  loadScript,
  PtWidgetError,
  resetScriptLoads,
  SCRIPT_TIMEOUT_MS,
} from './scriptLoader.ts';

const URL_A = '/api/dev/pt/widget.js';

function injected(url = URL_A): HTMLScriptElement[] {
  return [...document.head.querySelectorAll<HTMLScriptElement>('script')].filter(
    (s) => s.getAttribute('src') === url,
  );
}

afterEach(() => {
  resetScriptLoads();
  for (const script of document.head.querySelectorAll('script')) script.remove();
  Reflect.deleteProperty(window, 'PtWidgets');
  vi.useRealTimers();
});

describe('the PT script loader', () => {
  it('injects one script per address however many widgets ask, and resolves when it has loaded', async () => {
    const first = loadScript(URL_A);
    const second = loadScript(URL_A);
    expect(injected()).toHaveLength(1);
    expect(injected()[0]!.async).toBe(true);
    injected()[0]!.dispatchEvent(new Event('load'));
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
    await loadScript(URL_A);
    expect(injected()).toHaveLength(1);
  });

  it('rejects on a load error, removes the script, and injects it again on the next try', async () => {
    const failed = loadScript(URL_A);
    injected()[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toMatchObject({ reason: 'script_error' });
    expect(injected()).toHaveLength(0);

    const retried = loadScript(URL_A);
    expect(injected()).toHaveLength(1);
    injected()[0]!.dispatchEvent(new Event('load'));
    await expect(retried).resolves.toBeUndefined();
  });

  it('gives up after the timeout when the script never answers', async () => {
    vi.useFakeTimers();
    const pending = loadScript(URL_A);
    const outcome = pending.catch((error: unknown) => error);
    vi.advanceTimersByTime(SCRIPT_TIMEOUT_MS - 1);
    expect(injected()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(PtWidgetError);
    expect(error).toMatchObject({ reason: 'script_timeout' });
    expect(injected()).toHaveLength(0);
  });

  it("returns the provider's API once the script has put it on window", async () => {
    const api = { mount: vi.fn() };
    const loading = loadPtWidgets(URL_A);
    window.PtWidgets = api;
    injected()[0]!.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe(api);
  });

  it('fails a script that loaded without the API, and fetches it again on a retry', async () => {
    const broken = loadPtWidgets(URL_A);
    injected()[0]!.dispatchEvent(new Event('load'));
    await expect(broken).rejects.toMatchObject({ reason: 'missing_api' });
    expect(injected()).toHaveLength(0);

    const retried = loadPtWidgets(URL_A);
    expect(injected()).toHaveLength(1);
    window.PtWidgets = { mount: vi.fn() };
    injected()[0]!.dispatchEvent(new Event('load'));
    await expect(retried).resolves.toBe(window.PtWidgets);
  });
});
