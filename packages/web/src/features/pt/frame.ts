import type { PtWidgetKind } from '@portal/contract';

/**
 * The portal's side of the PT provider's frame protocol (docs/personal-training.md, "The
 * frame"; ADR 032). The provider's widget runs in an iframe of the provider's page, never
 * in the portal's origin: it gets the short-lived widget token by postMessage, and only
 * after it says it is ready; it reports its events and its height the same way.
 */
export const FRAME_MESSAGES = {
  /** frame → portal: the page has loaded and waits for `mount`. */
  ready: 'pt-frame:ready',
  /** portal → frame: `{ widget, token, locale, headingLevel, theme }`, once. */
  mount: 'pt-frame:mount',
  /** frame → portal: one of the widget's events, `{ name, detail }`. */
  event: 'pt-frame:event',
  /** frame → portal: the height of its content in CSS pixels, `{ height }`. */
  height: 'pt-frame:height',
} as const;

/** No widget ready this long after the frame was inserted: failed, with a retry. */
export const FRAME_TIMEOUT_MS = 15_000;

/** The tallest a frame may make itself (a runaway height must not stretch the page forever). */
export const MAX_FRAME_HEIGHT = 20_000;

/** The theme's custom properties the widget styles itself with; they do not inherit into a frame. */
export const THEME_PROPERTIES = [
  '--color-brand',
  '--color-brand-contrast',
  '--color-brand-soft',
  '--color-surface',
  '--color-surface-raised',
  '--color-text',
  '--color-muted',
  '--color-border',
  '--color-danger',
  '--color-danger-soft',
  '--color-success',
  '--color-success-soft',
  '--color-focus',
  '--radius',
  '--radius-sm',
  '--font-sans',
] as const;

/** Where and how the provider's frame is embedded, and whom its messages must come from. */
export interface PtFrameSetup {
  src: string;
  sandbox: string;
  /** The origin the token is posted to. */
  targetOrigin: string;
  /** The origin the frame's messages must have. */
  messageOrigin: string;
}

/**
 * The frame of a widget session's `frame_url`. A provider on another origin is framed with
 * `allow-same-origin` (it keeps its own origin, for its own API and storage, and the token
 * goes to exactly that origin). A frame on the portal's own origin (the sandbox outside
 * production) is framed without it: with scripts and the portal's origin it could reach
 * into the portal's page and storage, so it runs in an opaque origin ("null"), which can
 * only be posted to with "*" (the message goes to that one frame's window). The demo has no
 * second origin and no secrets: its frame keeps the page's origin, so the demo's service
 * worker answers its calls (docs/demo.md).
 */
export function ptFrameSetup(frameUrl: string, page: Location, demo: boolean): PtFrameSetup {
  // The demo may live under any path: its frame page is a file beside index.html.
  const url = demo ? new URL(frameUrl.replace(/^\//, ''), document.baseURI) : new URL(frameUrl, page.href);
  const ownOrigin = !demo && url.origin === page.origin;
  const sandbox = `allow-scripts allow-forms${ownOrigin ? '' : ' allow-same-origin'}`;
  return {
    src: url.href,
    sandbox,
    targetOrigin: ownOrigin ? '*' : url.origin,
    messageOrigin: ownOrigin ? 'null' : url.origin,
  };
}

/** A message of the frame, when it is one of the protocol's; anything else is ignored. */
export type FrameMessage =
  | { type: typeof FRAME_MESSAGES.ready }
  | { type: typeof FRAME_MESSAGES.height; height: number }
  | { type: typeof FRAME_MESSAGES.event; name: string; detail: Record<string, unknown> };

export function readFrameMessage(data: unknown): FrameMessage | null {
  if (!data || typeof data !== 'object') return null;
  const message = data as Record<string, unknown>;
  switch (message.type) {
    case FRAME_MESSAGES.ready:
      return { type: FRAME_MESSAGES.ready };
    case FRAME_MESSAGES.height:
      return typeof message.height === 'number' && Number.isFinite(message.height)
        ? { type: FRAME_MESSAGES.height, height: Math.min(Math.max(0, message.height), MAX_FRAME_HEIGHT) }
        : null;
    case FRAME_MESSAGES.event:
      return typeof message.name === 'string'
        ? {
            type: FRAME_MESSAGES.event,
            name: message.name,
            detail:
              message.detail && typeof message.detail === 'object'
                ? (message.detail as Record<string, unknown>)
                : {},
          }
        : null;
    default:
      return null;
  }
}

/** The portal theme's values on `element`, for the frame (only the properties set). */
export function themeOf(element: Element): Record<string, string> {
  const style = getComputedStyle(element);
  const theme: Record<string, string> = {};
  for (const name of THEME_PROPERTIES) {
    const value = style.getPropertyValue(name).trim();
    if (value) theme[name] = value;
  }
  return theme;
}

/** What the portal posts to the frame once it is ready. */
export function mountMessage(options: {
  widget: PtWidgetKind;
  token: string;
  locale: string;
  theme: Record<string, string>;
}) {
  return { type: FRAME_MESSAGES.mount, headingLevel: 3, ...options };
}
