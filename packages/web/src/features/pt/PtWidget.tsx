import type { PtWidgetKind } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Check } from 'lucide';
import { Icon } from '../../components/Icon.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Notice } from '../../components/Notice.tsx';
import { type ErrorResponse, isErrorResponse } from '../../lib/api.ts';
import { areaErrorTexts } from '../../lib/areaErrors.ts';
import { logEvent } from '../../lib/events.ts';
import { useLocale } from '../../lib/i18n.ts';
import styles from './Pt.module.css';
import { reloadAfterPurchase, widgetSessionMutation } from './queries.ts';
import {
  FRAME_MESSAGES,
  FRAME_TIMEOUT_MS,
  mountMessage,
  ptFrameSetup,
  readFrameMessage,
  themeOf,
} from './frame.ts';

/** The widget's events, as its frame forwards them (docs/personal-training.md). */
export const PT_EVENTS = {
  ready: 'ready',
  error: 'error',
  purchased: 'purchased',
  booked: 'booked',
  cancelled: 'cancelled',
} as const;

/** Whether this is the demo build (its frame has no second origin, ADR 032). */
const DEMO = import.meta.env.MODE === 'demo';

type Phase =
  | { name: 'loading' }
  | { name: 'ready' }
  /** The script, the mount or the widget failed, or the portal could not open a session: retry helps. */
  | { name: 'failed'; unavailable: boolean }
  /** The portal said no (422 for the member's status, 404 without PT): retrying would not help. */
  | { name: 'refused'; error: ErrorResponse };

/**
 * The text of the portal's refusal, in the language on screen: ours for the refusals we
 * know (the server writes its message in the member's stored language, which need not be
 * the one chosen here), else the server's message, else a plain "not available".
 */
function refusalText(error: ErrorResponse, t: TFunction, i18n: I18n): string {
  if (error.status === 422 && error.errors.some((item) => i18n.exists(`pt.errors.${item.type}`)))
    return areaErrorTexts(error, t, i18n, 'pt.errors').join(' ');
  const message =
    error.status === 422 ? error.errors.find((item) => item.message?.trim())?.message : undefined;
  return message?.trim() || t('pt.widget.notAvailable');
}

/**
 * One of the PT provider's widgets (docs/personal-training.md), as a provider ships it: a fresh
 * signed session from the portal on every mount and retry, the provider's frame page in an
 * iframe of its own origin that gets the widget token by postMessage once it says it is
 * ready (never the session token, never in the portal's page: ADR 032), sized to its
 * content, torn down on leaving or on a language change (then mounted again in the new
 * language). Whatever goes wrong in there (the frame, a timeout, the widget's own error
 * event) ends in a failed state with a retry, never in a broken shell.
 *
 * `view` is the event action logged when the widget is shown and when it fails to load.
 */
export function PtWidget({
  widget,
  view,
  placement,
  onRefused,
}: {
  widget: PtWidgetKind;
  view: string;
  /** Where the widget sits when that is not its own page (home), for the event log. */
  placement?: string;
  /** Called instead of showing the refusal (home leaves the section out). */
  onRefused?: () => void;
}) {
  const regionRef = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [purchased, setPurchased] = useState(false);

  // The view, once per widget shown (not again on a retry or a language change).
  useEffect(() => {
    logEvent(view, 'in_progress', placement ? { widget, placement } : { widget });
  }, [view, widget, placement]);

  const retry = () => {
    setAttempt((n) => n + 1);
    // The retry button goes away: keep the keyboard focus in the widget's place.
    regionRef.current?.focus();
  };

  return (
    <div ref={regionRef} className={styles.widget} tabIndex={-1}>
      <WidgetAttempt
        // A retry is a new attempt from scratch: new session, new token, new mount.
        key={attempt}
        widget={widget}
        view={view}
        placement={placement}
        onRetry={retry}
        onRefused={onRefused}
        onPurchased={() => setPurchased(true)}
      />
      {purchased && widget === 'package_buy' && <AfterPurchase />}
    </div>
  );
}

/** One attempt at showing the widget: session, script, mount, until it is ready or fails. */
function WidgetAttempt({
  widget,
  view,
  placement,
  onRetry,
  onRefused,
  onPurchased,
}: {
  widget: PtWidgetKind;
  view: string;
  placement: string | undefined;
  onRetry: () => void;
  onRefused: (() => void) | undefined;
  onPurchased: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const { mutateAsync: openSession } = useMutation(widgetSessionMutation());
  const containerRef = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  // The page's callbacks change with every render; the mount must not.
  const callbacks = useRef({ onRefused, onPurchased });
  callbacks.current = { onRefused, onPurchased };

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const details = placement ? { widget, placement } : { widget };
    let active = true;
    let frame: HTMLIFrameElement | null = null;
    let readyTimer: ReturnType<typeof setTimeout> | undefined;
    setPhase({ name: 'loading' });

    const removeFrame = () => {
      frame = null;
      container.replaceChildren();
    };
    const fail = (reason: string, unavailable = false) => {
      if (!active) return;
      clearTimeout(readyTimer);
      removeFrame();
      setPhase({ name: 'failed', unavailable });
      logEvent(view, 'failure', { ...details, reason });
    };

    let onMessage: ((event: MessageEvent) => void) | null = null;

    (async () => {
      let session: Awaited<ReturnType<typeof openSession>>;
      try {
        session = await openSession(widget);
      } catch (error) {
        if (!active) return;
        if (isErrorResponse(error, 422) || isErrorResponse(error, 404)) {
          setPhase({ name: 'refused', error });
          callbacks.current.onRefused?.();
          return;
        }
        fail(
          isErrorResponse(error) ? `session_${error.status}` : 'session_failed',
          isErrorResponse(error, 503),
        );
        return;
      }
      if (!active) return;
      let setup: ReturnType<typeof ptFrameSetup>;
      try {
        setup = ptFrameSetup(session.frame_url, window.location, DEMO);
      } catch {
        fail('frame_url');
        return;
      }
      const element = document.createElement('iframe');
      element.title = t(widget === 'booking' ? 'pt.booking.title' : 'pt.offers.title');
      element.setAttribute('sandbox', setup.sandbox);
      element.referrerPolicy = 'no-referrer';
      element.className = styles.frame ?? '';
      element.src = setup.src;
      frame = element;
      let mounted = false;

      onMessage = (event: MessageEvent) => {
        // Only the frame's own window, from the origin it must have: not the page, not another frame.
        if (!active || !frame || event.source !== frame.contentWindow || event.origin !== setup.messageOrigin)
          return;
        const message = readFrameMessage(event.data);
        if (!message) return;
        if (message.type === FRAME_MESSAGES.ready) {
          if (mounted) return;
          mounted = true;
          const mount = mountMessage({ widget, token: session.token, locale, theme: themeOf(container) });
          frame.contentWindow?.postMessage(mount, setup.targetOrigin);
        } else if (message.type === FRAME_MESSAGES.height) {
          frame.style.height = `${message.height}px`;
        } else if (message.name === PT_EVENTS.ready) {
          clearTimeout(readyTimer);
          setPhase({ name: 'ready' });
        } else if (message.name === PT_EVENTS.error) {
          const reason = message.detail.reason;
          fail(`widget_${typeof reason === 'string' && /^[a-z_]{1,40}$/.test(reason) ? reason : 'error'}`);
        } else if (message.name === PT_EVENTS.purchased) {
          callbacks.current.onPurchased();
          void reloadAfterPurchase(queryClient);
        }
      };
      window.addEventListener('message', onMessage);
      readyTimer = setTimeout(() => fail('ready_timeout'), FRAME_TIMEOUT_MS);
      container.replaceChildren(element);
    })();

    return () => {
      active = false;
      clearTimeout(readyTimer);
      if (onMessage) window.removeEventListener('message', onMessage);
      removeFrame();
    };
  }, [widget, locale, view, placement, openSession, queryClient, t]);

  return (
    <div>
      {phase.name === 'loading' && <Loading label={t(`pt.widget.loading.${widget}`)} skeleton />}
      {phase.name === 'failed' && (
        <Notice tone="error" title={t(`pt.widget.failed.${widget}`)}>
          <p>{t(phase.unavailable ? 'pt.widget.unavailable' : 'pt.widget.failedHint')}</p>
          <Button variant="secondary" onClick={onRetry} className={styles.retry}>
            {t('common.retry')}
          </Button>
        </Notice>
      )}
      {phase.name === 'refused' && (
        <Notice tone="info">
          <p>{refusalText(phase.error, t, i18n)}</p>
        </Notice>
      )}
      {/* Busy while the widget mounts (not the wrapper: the loading text must still be read out). */}
      <div
        ref={containerRef}
        className={styles.container}
        aria-busy={phase.name === 'loading'}
        hidden={phase.name !== 'ready'}
      />
    </div>
  );
}

/**
 * After a purchase, the ways on: booking the new sessions and the invoice on /payment. The
 * provider's widget confirms the purchase itself (the sandbox's in the bought card, with the
 * focus), but another provider's need not say it where the member is; so a short line here
 * says it too, below the widget, and is not announced a second time.
 */
function AfterPurchase() {
  const { t } = useTranslation();
  return (
    <div className={styles.afterPurchase}>
      <p className={styles.done}>
        <Icon node={Check} size={18} strokeWidth={2.6} />
        {t('pt.purchased.done')}
      </p>
      <p className={styles.links}>
        <ButtonLink to="/pt" variant="secondary">
          {t('pt.purchased.toBooking')}
        </ButtonLink>
        <ButtonLink to="/payment" variant="ghost">
          {t('pt.purchased.toPayment')}
        </ButtonLink>
      </p>
    </div>
  );
}
