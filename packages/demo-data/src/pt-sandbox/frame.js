/**
 * The sandbox PT provider's frame (docs/personal-training.md, "The frame"): the page the
 * portal embeds in an iframe. It says it is ready, takes the widget token from the portal's
 * one `pt-frame:mount` message, mounts the widget of widget.js, and posts the widget's events
 * and its height to the portal. The portal's session token never reaches it.
 *
 * The sandbox lives on the portal's own address, so the portal is `location.origin` (the
 * address's origin, also in a sandboxed frame whose own origin is opaque); a real provider
 * checks against the portal origins it is configured for.
 */
(() => {
  const PORTAL = location.origin;
  const EVENTS = ['ready', 'error', 'purchased', 'booked', 'cancelled'];
  const container = document.getElementById('pt-widget');
  const post = (message) => window.parent.postMessage(message, PORTAL);
  let mounted = false;

  /** The portal's theme: only custom properties, set with setProperty (no CSS text). */
  function applyTheme(theme) {
    if (!theme || typeof theme !== 'object') return;
    for (const [name, value] of Object.entries(theme)) {
      if (/^--[\w-]{1,64}$/.test(name) && typeof value === 'string' && value.length <= 500)
        document.documentElement.style.setProperty(name, value);
    }
  }

  function mount(data) {
    if (mounted) return;
    mounted = true;
    applyTheme(data.theme);
    if (typeof data.locale === 'string') document.documentElement.lang = data.locale;
    for (const name of EVENTS) {
      container.addEventListener(`pt-widget:${name}`, (event) => {
        // Only what the widget put in its detail, as plain data.
        post({ type: 'pt-frame:event', name, detail: JSON.parse(JSON.stringify(event.detail ?? {})) });
      });
    }
    if (!window.PtWidgets) {
      post({ type: 'pt-frame:event', name: 'error', detail: { widget: data.widget, reason: 'load_failed' } });
      return;
    }
    try {
      window.PtWidgets.mount(container, {
        widget: data.widget,
        token: data.token,
        locale: data.locale,
        headingLevel: data.headingLevel,
      });
    } catch {
      post({
        type: 'pt-frame:event',
        name: 'error',
        detail: { widget: data.widget, reason: 'mount_failed' },
      });
    }
  }

  window.addEventListener('message', (event) => {
    // Only the embedding portal, from its own origin.
    if (event.source !== window.parent || event.origin !== PORTAL) return;
    const data = event.data;
    if (!data || typeof data !== 'object' || data.type !== 'pt-frame:mount') return;
    if (typeof data.token !== 'string' || !data.token) return;
    mount(data);
  });

  // The frame is as tall as its content: the portal sizes the iframe to it.
  let height = -1;
  const report = () => {
    const next = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (next === height) return;
    height = next;
    post({ type: 'pt-frame:height', height });
  };
  new ResizeObserver(report).observe(document.documentElement);

  post({ type: 'pt-frame:ready' });
})();
