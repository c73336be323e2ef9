import { CARD_FRAME_HEIGHT, type CardProvider } from '@portal/contract';
import {
  type CardField,
  type CardSandboxTexts,
  cardSandboxText,
  sandboxMessage,
  TEST_CARDS,
} from '@portal/domain';
import { SANDBOX_PAGE_PREFIX } from '../../adapters/cards/sandbox.ts';
import { escapeHtml } from '../../http/html.ts';
import type { CardSandboxPageContext } from './card-sandbox.ts';

/** How each sandbox presents itself: a full checkout page (verifone) or a compact form to embed (dibs). */
const LOOKS: Record<CardProvider, { name: string; colour: string; secured: string; embedded: boolean }> = {
  verifone: { name: 'Verifone', colour: '#0b2a4a', secured: 'Verifone', embedded: false },
  dibs: { name: 'DIBS Payment', colour: '#00467f', secured: 'DIBS (Nets)', embedded: true },
};

/** Drawn, not an emoji: it must show whatever fonts the browser has. */
const PADLOCK =
  '<svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16"><path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h1v8H3V7h1zm2 0h4V5a2 2 0 1 0-4 0v2z"/></svg>';

export type PageContext = CardSandboxPageContext;

const textsOf = (ctx: PageContext): CardSandboxTexts => cardSandboxText(ctx.locale);

/** The page's language, sent back with each of its forms. */
const localeField = (ctx: PageContext) =>
  `<input type="hidden" name="locale" value="${escapeHtml(ctx.locale)}">`;

function layout(ctx: PageContext, title: string, main: string): string {
  const look = LOOKS[ctx.provider];
  const t = textsOf(ctx);
  // Embedded (dibs): the page fills the portal's frame, which takes the height it reports.
  return `<!doctype html>
<html lang="${escapeHtml(ctx.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – ${look.name} (sandbox)</title>
<style>
  :root { --brand: ${look.colour}; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1b1f24;
    background: ${look.embedded ? '#fff' : '#eef1f5'}; }
  .card { max-width: ${look.embedded ? 'none' : '30rem'}; margin: ${look.embedded ? '0' : '2.5rem auto'}; background: #fff;
    border-radius: ${look.embedded ? '0' : '12px'}; box-shadow: ${look.embedded ? 'none' : '0 4px 24px rgb(0 0 0 / 0.08)'}; overflow: hidden; }
  header { background: var(--brand); color: #fff; padding: 0.9rem 1.25rem; display: flex; align-items: center; gap: 0.75rem; }
  header .logo { font-weight: 800; font-size: 1.2rem; letter-spacing: 0.02em; }
  header .badge { margin-left: auto; font-size: 0.75rem; border: 1px solid #fff; border-radius: 999px; padding: 0.05rem 0.55rem; }
  main { padding: 1.25rem; }
  h1 { font-size: 1.15rem; margin: 0 0 0.25rem; }
  .amount { display: flex; justify-content: space-between; padding: 0.6rem 0.8rem; background: #f4f6f9; border-radius: 8px; margin: 0.75rem 0 1rem; }
  label { display: block; font-weight: 600; margin: 0.8rem 0 0.25rem; }
  input { width: 100%; font: inherit; padding: 0.6rem 0.7rem; border: 1px solid #8a94a3; border-radius: 6px; }
  input:focus { outline: 3px solid #7aa7ff; outline-offset: 1px; }
  input[aria-invalid="true"] { border-color: #b00020; }
  .row { display: flex; flex-wrap: wrap; gap: 0 0.75rem; } .row > div { flex: 1 1 10rem; }
  .error { color: #b00020; font-size: 0.9rem; margin: 0.2rem 0 0; }
  .alert { border: 1px solid #b00020; background: #fff1f2; color: #7a0014; border-radius: 8px; padding: 0.6rem 0.8rem; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.25rem; }
  button { font: inherit; font-weight: 600; padding: 0.65rem 1rem; border-radius: 6px; cursor: pointer; border: 1px solid var(--brand); }
  button.primary { background: var(--brand); color: #fff; flex: 1; }
  button.secondary { background: #fff; color: var(--brand); }
  .secure { color: #3d4654; font-size: 0.9rem; margin-top: 1rem; }
  details { margin-top: 1rem; font-size: 0.9rem; } table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 0.25rem 0.4rem; border-bottom: 1px solid #e3e7ed; vertical-align: top; overflow-wrap: anywhere; }
  code { font-size: 0.95em; white-space: nowrap; }
</style>
</head>
<body>
<div class="card">
<header><span class="logo">${look.name}</span><span class="badge">Sandbox</span></header>
<main>
${main}
<p class="secure">${PADLOCK} ${escapeHtml(t.secured(look.secured, ctx.merchant))}</p>
</main>
</div>
<script src="${SANDBOX_PAGE_PREFIX}/sandbox.js"></script>
</body>
</html>`;
}

function summary(ctx: PageContext): string {
  return `<p>${escapeHtml(ctx.merchant)}</p>
<div class="amount"><span>${escapeHtml(ctx.purpose === 'payment' ? textsOf(ctx).payment : textsOf(ctx).verification)}</span><strong>${escapeHtml(ctx.amount)}</strong></div>`;
}

function testCards(t: CardSandboxTexts): string {
  return `<details open>
<summary>${escapeHtml(t.testCards)}</summary>
<table>
<thead><tr><th scope="col">${escapeHtml(t.cardNumber)}</th><th scope="col">${escapeHtml(t.whatHappens)}</th></tr></thead>
<tbody>
${TEST_CARDS.map((c) => `<tr><td><code>${c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code></td><td>${escapeHtml(t.behaviours[c.behaviour])}</td></tr>`).join('\n')}
</tbody>
</table>
</details>`;
}

function field(
  name: CardField,
  label: string,
  attrs: string,
  errors: Partial<Record<CardField, string>>,
  t: CardSandboxTexts,
  value = '',
): string {
  const english = errors[name];
  const error = english ? sandboxMessage(t, english) : undefined;
  const id = `card-${name}`;
  return `<label for="${id}">${label}</label>
<input id="${id}" name="${name === 'number' ? 'card_number' : name}" ${attrs} value="${escapeHtml(value)}" required${
    error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''
  }>
${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}`;
}

/** The card form. The number and CVC are never written back into the page. */
export function cardFormPage(
  ctx: PageContext,
  errors: Partial<Record<CardField, string>> = {},
  expiry = '',
): string {
  const failed = Object.keys(errors).length > 0;
  const t = textsOf(ctx);
  // A one-off payment asks for the amount; a card registration verifies the card.
  const title = ctx.purpose === 'payment' ? t.payTitle : t.title;
  return layout(
    ctx,
    title,
    `<h1>${escapeHtml(title)}</h1>
${summary(ctx)}
${failed ? `<div class="alert" role="alert">${escapeHtml(t.checkDetails)}</div>` : ''}
<form method="post" action="${escapeHtml(ctx.action)}" novalidate>
${localeField(ctx)}
${field('number', escapeHtml(t.cardNumber), 'inputmode="numeric" autocomplete="cc-number" maxlength="23"', errors, t)}
<div class="row">
<div>${field('expiry', escapeHtml(t.expiry), 'autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"', errors, t, expiry)}</div>
<div>${field('cvc', escapeHtml(t.cvc), 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"', errors, t)}</div>
</div>
<div class="actions">
<button class="primary" type="submit" name="action" value="pay">${escapeHtml(ctx.purpose === 'payment' ? t.pay(ctx.amount) : t.verify)}</button>
<button class="secondary" type="submit" name="action" value="cancel" formnovalidate>${escapeHtml(t.cancel)}</button>
</div>
</form>
${testCards(t)}`,
  );
}

/** The bank's 3-D Secure question; the card travels in a signed hidden field, not in a session. */
export function threeDSecurePage(ctx: PageContext, pending: string, last4: string): string {
  const t = textsOf(ctx);
  return layout(
    ctx,
    '3-D Secure',
    `<h1>${escapeHtml(t.confirmTitle)}</h1>
${summary(ctx)}
<p>${escapeHtml(t.confirmText(last4))}</p>
<form method="post" action="${escapeHtml(ctx.action)}/3ds">
${localeField(ctx)}
<input type="hidden" name="pending" value="${escapeHtml(pending)}">
<div class="actions">
<button class="primary" type="submit" name="action" value="confirm">${escapeHtml(t.confirm)}</button>
<button class="secondary" type="submit" name="action" value="fail">${escapeHtml(t.fail)}</button>
</div>
</form>`,
  );
}

/** Sends the top window (also from inside the portal's iframe) back to the portal. */
export function returnPage(ctx: PageContext, href: string): string {
  const t = textsOf(ctx);
  return layout(
    ctx,
    t.returning(ctx.merchant),
    `<h1>${escapeHtml(t.returning(ctx.merchant))}</h1>
<p><a id="return-link" href="${escapeHtml(href)}" target="_top">${escapeHtml(t.continueTo(ctx.merchant))}</a></p>`,
  );
}

export function closedPage(ctx: PageContext, reason: string): string {
  const t = textsOf(ctx);
  return layout(
    ctx,
    t.closedTitle,
    `<h1>${escapeHtml(t.closedTitle)}</h1><p role="alert">${escapeHtml(sandboxMessage(t, reason))}</p>`,
  );
}

/**
 * The one script of the sandbox pages (CSP: script-src 'self'): the return hops the top
 * window back to the portal; inside a frame the page reports its height to the portal,
 * which sizes the frame to it (no inner scrollbar). The message holds that number alone,
 * so it may go to any parent: only the portal's origin may frame the page at all.
 */
export const SANDBOX_SCRIPT = `(function () {
  var link = document.getElementById('return-link');
  if (link) { window.top.location.href = link.href; return; }
  if (window.parent === window || typeof ResizeObserver !== 'function') return;
  var last = 0;
  function report() {
    var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: '${CARD_FRAME_HEIGHT}', height: height }, '*');
  }
  new ResizeObserver(report).observe(document.documentElement);
  report();
})();
`;
