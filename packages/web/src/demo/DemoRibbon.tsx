import type { DemoMessage } from '@portal/demo';
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../lib/format.ts';
import { session } from '../lib/session.ts';
import styles from './Demo.module.css';
import { demoApi } from './state.ts';

function useMessages(): readonly DemoMessage[] {
  useSyncExternalStore(demoApi.subscribe, demoApi.version);
  return demoApi.messages();
}

/** The body with its addresses as links (a reset link is followed from here, as from a mail). */
function Body({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/);
  return (
    <p className={styles.messageBody}>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

function Message({ message }: { message: DemoMessage }) {
  const { t, i18n } = useTranslation();
  const time = dateTimeFormat(i18n.language, { timeStyle: 'short' }).format(message.createdAt);
  return (
    <article className={styles.message}>
      <p className={styles.messageTo}>
        {t(message.channel === 'sms' ? 'demo.messages.sms' : 'demo.messages.email', { to: message.to })}{' '}
        <time dateTime={message.createdAt.toISOString()}>{time}</time>
      </p>
      {message.subject && <p className={styles.messageSubject}>{message.subject}</p>}
      <Body text={message.body} />
    </article>
  );
}

/**
 * The demo's ribbon above every page: it says the data is made up and stays in this tab,
 * shows what the portal "sent" (the newest message at once, e.g. the SMS code the profile
 * asks for; all of them on demand) and resets the demo, which also signs out.
 */
export function DemoRibbon() {
  const { t } = useTranslation();
  const panelId = useId();
  const messages = useMessages();
  const [open, setOpen] = useState(false);
  // Messages already seen (shown or listed); a newer one is shown at once.
  const [seen, setSeen] = useState(messages.length);
  const [announcement, setAnnouncement] = useState('');
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const fresh = messages.length > seen && !open ? messages[0] : undefined;

  useEffect(() => {
    if (open) setSeen(messages.length);
  }, [open, messages.length]);

  const close = useCallback(() => {
    setOpen(false);
    toggle.current?.focus();
  }, []);

  // Escape closes the list like any disclosure, from its toggle or from within it (not from
  // the page below, whose own Escape, e.g. the shell's menu, it must not take).
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as Node | null;
      if (event.key !== 'Escape' || !target) return;
      if (toggle.current?.contains(target) || panel.current?.contains(target)) close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  const reset = () => {
    void demoApi.reset();
    setSeen(0);
    setOpen(false);
    session.clear('signed_out');
    setAnnouncement(t('demo.ribbon.resetDone'));
  };

  return (
    <section className={styles.ribbon} aria-label={t('demo.ribbon.label')}>
      <div className={styles.bar}>
        <p className={styles.about}>
          <span className={styles.badge}>{t('demo.ribbon.badge')}</span> {t('demo.ribbon.text')}
        </p>
        <div className={styles.actions}>
          <button
            ref={toggle}
            type="button"
            className={styles.action}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen(!open)}
          >
            {t('demo.ribbon.messages')} <span className={styles.count}>{messages.length}</span>
          </button>
          <button type="button" className={styles.action} onClick={reset}>
            {t('demo.ribbon.reset')}
          </button>
        </div>
      </div>
      <div role="status" className={styles.live}>
        {fresh && (
          <div className={styles.fresh}>
            <p className={styles.freshTitle}>{t('demo.messages.new')}</p>
            <Message message={fresh} />
            <button type="button" className={styles.action} onClick={() => setSeen(messages.length)}>
              {t('demo.messages.dismiss')}
            </button>
          </div>
        )}
        {!fresh && announcement && <p className="visually-hidden">{announcement}</p>}
      </div>
      <div id={panelId} ref={panel} className={styles.panel} hidden={!open}>
        <h2 className={styles.panelTitle}>{t('demo.messages.title')}</h2>
        <p className={styles.panelHint}>{t('demo.messages.hint')}</p>
        {messages.length === 0 ? (
          <p>{t('demo.messages.empty')}</p>
        ) : (
          <ol className={styles.messages}>
            {messages.map((message) => (
              <li key={message.id}>
                <Message message={message} />
              </li>
            ))}
          </ol>
        )}
        <button type="button" className={styles.action} onClick={close}>
          {t('demo.messages.close')}
        </button>
      </div>
    </section>
  );
}
