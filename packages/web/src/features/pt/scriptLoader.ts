import type { PtWidgetKind } from '@portal/contract';

/** What the PT provider's script puts on `window` (docs/personal-training.md). */
export interface PtWidgetsApi {
  mount(
    container: HTMLElement,
    options: { widget: PtWidgetKind; token: string; locale: string },
  ): (() => void) | undefined;
  unmount?(container: HTMLElement): void;
}

declare global {
  interface Window {
    PtWidgets?: PtWidgetsApi;
  }
}

/** Why a widget could not be shown; logged with the failure event, never shown raw. */
export type PtWidgetFailure =
  | 'script_error'
  | 'script_timeout'
  | 'missing_api'
  | 'mount_failed'
  | 'ready_timeout'
  | `widget_${string}`;

export class PtWidgetError extends Error {
  override name = 'PtWidgetError';
  constructor(readonly reason: PtWidgetFailure) {
    super(`PT widget: ${reason}`);
  }
}

export const SCRIPT_TIMEOUT_MS = 15_000;

/** One load per script address: every widget on the page shares it. */
const loads = new Map<string, Promise<void>>();

/**
 * Injects the provider's script once per address and resolves when it has run. An error or
 * no answer within the timeout rejects, and forgets the attempt (its element is removed), so
 * the next call injects the script again: that is the widget's retry.
 */
export function loadScript(
  url: string,
  timeoutMs = SCRIPT_TIMEOUT_MS,
  doc: Document = document,
): Promise<void> {
  const known = loads.get(url);
  if (known) return known;
  const load = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.ptWidgets = '';
    const settle = (error: PtWidgetError | null) => {
      clearTimeout(timer);
      script.removeEventListener('load', onLoad);
      script.removeEventListener('error', onError);
      if (!error) return resolve();
      loads.delete(url);
      script.remove();
      reject(error);
    };
    const onLoad = () => settle(null);
    const onError = () => settle(new PtWidgetError('script_error'));
    const timer = setTimeout(() => settle(new PtWidgetError('script_timeout')), timeoutMs);
    script.addEventListener('load', onLoad);
    script.addEventListener('error', onError);
    doc.head.appendChild(script);
  });
  loads.set(url, load);
  return load;
}

/**
 * The provider's script loaded and its API present on `window`. A script that ran without
 * defining it (a broken deployment) is forgotten too, so a retry fetches it again.
 */
export async function loadPtWidgets(url: string, doc: Document = document): Promise<PtWidgetsApi> {
  await loadScript(url, SCRIPT_TIMEOUT_MS, doc);
  const api = doc.defaultView?.PtWidgets;
  if (!api || typeof api.mount !== 'function') {
    loads.delete(url);
    for (const script of doc.querySelectorAll<HTMLScriptElement>('script[data-pt-widgets]')) {
      if (script.getAttribute('src') === url) script.remove();
    }
    throw new PtWidgetError('missing_api');
  }
  return api;
}

/** For tests: forget every load. */
export function resetScriptLoads(): void {
  loads.clear();
}
