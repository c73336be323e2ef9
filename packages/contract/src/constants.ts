/*
 * The contract's plain values, without zod: the web app's first chunk (the login page) and
 * the domain rules import them without pulling in the schemas. The package is marked
 * side-effect free, so an import of these from '@portal/contract' brings this module alone.
 */

/**
 * A new password's length in Unicode code points after NFC normalisation: at least 12, at
 * most 128 (ASVS 2.1.1 and 2.1.2 instead of the earlier 3, ADR 031). Sign-in accepts any
 * length, so members with an older, shorter password still get in.
 */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;
/** What the schemas accept as a string (UTF-16 units) before the rule counts code points. */
export const PASSWORD_INPUT_MAX = 1024;

/** The reason the login screen maps to 'Wrong username and/or password'. */
export const PASSWORD_CHECK_FAILED = 'password check failed';

/** Longest texts the profile accepts (the portal's form and the server check the same). */
export const PROFILE_MAX_LENGTH = {
  email: 254,
  street: 200,
  postal_code: 20,
  postal_location: 100,
  /** A national mobile number, before spaces are removed. */
  number: 32,
} as const;

/**
 * GET /v1/membership/invoices answers at most this many invoices, newest first, unless the
 * call asks for fewer (`limit`): twenty years of monthly invoices, every invoice a member
 * plausibly has. A longer list goes on with `before` (Link header rel="next").
 */
export const INVOICE_PAGE_DEFAULT = 240;
export const INVOICE_PAGE_MAX = 500;

/** The message of a card that was registered before; the portal treats it as success (docs/portal-screens.md). */
export const CARD_ALREADY_EXISTS_MESSAGE = 'Credit card already exists';
export const CARD_REGISTERED_MESSAGE = 'Credit card registered';

/**
 * Error types with a text in the portal (docs/portal-screens.md, "Answers and errors").
 * Anything else shows the generic text.
 */
export const BUSINESS_ERROR_TYPES = [
  'already_in_cancellation_error',
  'cancel_in_freeze_not_allowed',
  'cancel_with_scheduled_freeze_not_allowed',
  'invalid_status_to_freeze',
  'max_freeze_months_reached',
  'no_cancellation_to_undo',
  'scheduled_freeze_present',
] as const;

/**
 * Where the sandbox PT provider serves its script and API, on the portal's own origin (the
 * server outside production, the demo in the browser); the server's PT settings fall back to
 * it, so it is the contract's and not the demo data's (docs/personal-training.md).
 */
export const PT_SANDBOX_BASE = '/api/dev/pt';

/**
 * What the web app keeps in the browser, named here because the server reads it too: a
 * prerendered page's inline script looks at the stored token and language, and the server
 * sends a logged-out page in the language of the cookie (ADR 035).
 */
export const BROWSER_KEYS = {
  tokenStorage: 'portal.token',
  localeStorage: 'portal.locale',
  localeCookie: 'portal_locale',
} as const;

/**
 * The attribute the inline script sets on `<html>` while a prerendered page waits for the
 * app to render in its place (web: app/boot.tsx removes it, styles/global.css hides #root).
 */
export const PRERENDER_STALE_ATTRIBUTE = 'data-prerender-stale';

/**
 * A prerendered form works before the app has taken it over (hydrated it), and sent as
 * plain HTML it would carry its fields into the address (a password, too). Forms with
 * `HOLD_UNTIL_HYDRATED` are held instead: the page's inline script stops the submit and
 * keeps the form on `window[HELD_SUBMIT]`; the app marks the form `HYDRATED` once it
 * handles it and sends a held one again (web: lib/heldSubmit.ts).
 */
export const FORM_HOLD = {
  attribute: 'data-hold-until-hydrated',
  hydrated: 'data-hydrated',
  held: '__portalHeldSubmit',
} as const;

/**
 * The message an embedded card provider page (the dibs sandbox) posts to the portal's frame
 * with its content's height, `{ type, height }`: the portal sizes the frame to it.
 */
export const CARD_FRAME_HEIGHT = 'card-frame:height';
