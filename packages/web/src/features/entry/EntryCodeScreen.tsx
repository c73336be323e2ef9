import { entryCodeAt, entryCodePeriodEnd, entryCodeText } from '@portal/domain';
import QRCode from 'qrcode';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOperator } from '../../lib/operator.ts';
import styles from './Entry.module.css';
import { readEntryDevice, type StoredEntryDevice } from './entryStore.ts';

/** The QR code of a text as one SVG path of its dark modules, with a quiet zone of two. */
function QrCode({ text, label }: { text: string; label: string }) {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  let path = '';
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++) if (data[row * size + col]) path += `M${col + 2} ${row + 2}h1v1h-1z`;
  return (
    <svg
      className={styles.qr}
      viewBox={`0 0 ${size + 4} ${size + 4}`}
      role="img"
      aria-label={label}
      data-code={text}
    >
      <rect width={size + 4} height={size + 4} fill="#fff" />
      <path d={path} fill="#000" shapeRendering="crispEdges" />
    </svg>
  );
}

/** The code of now, renewed when its period ends. */
function useEntryCode(device: StoredEntryDevice | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!device) return;
    let timer = 0;
    const tick = () => {
      setNow(Date.now());
      timer = window.setTimeout(tick, entryCodePeriodEnd(Date.now()) - Date.now() + 50);
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [device]);
  if (!device) return null;
  const digits = entryCodeAt(device.secret, now);
  return {
    digits,
    text: entryCodeText(device.deviceId, digits),
    seconds: Math.ceil((entryCodePeriodEnd(now) - now) / 1000),
  };
}

/**
 * The full-screen entry code (/entry-code): rendered from IndexedDB before the signed-in app
 * loads, computed on the phone, so it works without signal once open. Screen readers hear
 * what the page is once, not the digits on every change (no live region).
 */
export function EntryCodeScreen() {
  const { t } = useTranslation();
  const operator = useOperator();
  const titleId = useId();
  const [device, setDevice] = useState<StoredEntryDevice | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    readEntryDevice(operator.id).then((found) => live && setDevice(found));
    return () => {
      live = false;
    };
  }, [operator.id]);
  const code = useEntryCode(device ?? null);

  return (
    <main id="main" tabIndex={-1} className={styles.screen} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.screenTitle}>
        {t('entry.code.title')}
      </h1>
      {device === undefined ? null : code ? (
        <>
          <QrCode text={code.text} label={t('entry.code.qrLabel')} />
          <p className={styles.digits} translate="no" aria-hidden="true">
            {code.digits.slice(0, 4)} {code.digits.slice(4)}
          </p>
          <p className={styles.hint}>{t('entry.code.hint')}</p>
          <p className={styles.muted} aria-hidden="true">
            {t('entry.code.renews', { count: code.seconds })}
          </p>
        </>
      ) : (
        <div className={styles.missing}>
          <p>{t('entry.code.notSetUp')}</p>
          <Link to="/entry">{t('entry.code.setUp')}</Link>
        </div>
      )}
      <Link className={styles.close} to="/">
        {t('entry.code.close')}
      </Link>
    </main>
  );
}
