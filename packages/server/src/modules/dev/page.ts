import type { OutboxEntry } from './service.ts';
import { escapeHtml } from '../../http/html.ts';

/** Escapes a message body and turns its http(s) links into anchors. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

export function outboxPage(entries: OutboxEntry[], to: string | undefined): string {
  const items = entries
    .map(
      (e) => `<article>
  <header><span class="channel">${e.channel}</span> to <strong>${escapeHtml(e.to)}</strong>
  <time datetime="${e.created_at}">${e.created_at}</time></header>
  ${e.subject ? `<h2>${escapeHtml(e.subject)}</h2>` : ''}
  <pre>${linkify(e.body)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev outbox</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 52rem; padding: 0 1rem; color: #1d1d1f; }
  article { border: 1px solid #d0d0d7; border-radius: 8px; padding: 0.75rem 1rem; margin: 1rem 0; }
  header { color: #55555f; font-size: 0.9rem; display: flex; gap: 0.5rem; flex-wrap: wrap; }
  time { margin-left: auto; }
  .channel { text-transform: uppercase; font-weight: 600; }
  h2 { font-size: 1.05rem; margin: 0.5rem 0; }
  pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 0; }
  form { display: flex; gap: 0.5rem; }
</style>
</head>
<body>
<h1>Dev outbox</h1>
<p>Every e-mail and SMS the portal would send (newest first). Not available in production.</p>
<form method="get" action="/api/dev/outbox.html">
  <label for="to">Recipient</label>
  <input id="to" name="to" value="${escapeHtml(to ?? '')}" placeholder="active@de.example">
  <button type="submit">Filter</button> <a href="/api/dev/outbox.html">All</a>
</form>
${items || '<p>No messages yet.</p>'}
</body>
</html>`;
}
