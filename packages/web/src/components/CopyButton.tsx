import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/clipboard.ts';
import { Button, type ButtonProps } from './Button.tsx';
import { Check, CircleAlert, Copy } from 'lucide';
import { Icon } from './Icon.tsx';
import styles from './CopyButton.module.css';

export interface Feedback {
  tone: 'success' | 'error';
  text: string;
}

/** A short confirmation that goes away by itself, e.g. "Code copied". */
export function useFeedback(duration = 5000): [Feedback | null, (feedback: Feedback) => void] {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (next: Feedback) => {
      clearTimeout(timer.current);
      setFeedback(next);
      timer.current = setTimeout(() => setFeedback(null), duration);
    },
    [duration],
  );
  return [feedback, show];
}

/**
 * The visible confirmation beside a button. It is a live region from the start (one that
 * appears with its text is often not read), polite: it confirms, it does not interrupt.
 */
export function FeedbackText({ feedback }: { feedback: Feedback | null }) {
  return (
    <span className={styles.feedback} data-tone={feedback?.tone} aria-live="polite">
      {feedback && (
        <>
          <span className={styles.icon} aria-hidden="true">
            {feedback.tone === 'success' ? (
              <Icon node={Check} size={16} strokeWidth={2.6} />
            ) : (
              <Icon node={CircleAlert} size={16} />
            )}
          </span>
          {feedback.text}
        </>
      )}
    </span>
  );
}

/** Copies `text` with one tap and says so beside the button (or that it did not work). */
export function CopyButton({
  text,
  label,
  copiedText,
  variant = 'secondary',
  ...rest
}: {
  text: string;
  label: string;
  /** The confirmation, e.g. "Membership number copied". */
  copiedText: string;
  variant?: ButtonProps['variant'];
} & Pick<ButtonProps, 'aria-describedby' | 'className'>) {
  const { t } = useTranslation();
  const [feedback, show] = useFeedback();
  const copy = async () => {
    const copied = await copyText(text);
    show(copied ? { tone: 'success', text: copiedText } : { tone: 'error', text: t('common.copyFailed') });
  };
  return (
    <span className={styles.wrap}>
      <Button variant={variant} onClick={() => void copy()} {...rest}>
        <span className={styles.label}>
          <Icon node={Copy} size={18} />
          {label}
        </span>
      </Button>
      <FeedbackText feedback={feedback} />
    </span>
  );
}
