import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import { PageLink, type PageLinkProps } from './PageLink.tsx';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner and ignores clicks while an action runs; the name stays the same. */
  busy?: boolean;
  /** Announced to screen readers while busy, e.g. "Signing in…". */
  busyLabel?: string;
  fullWidth?: boolean;
}

export function Button({
  variant = 'primary',
  busy = false,
  busyLabel,
  fullWidth = false,
  className,
  children,
  onClick,
  type = 'button',
  ...rest
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  const classes = [styles.button, styles[variant], fullWidth ? styles.full : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <button
        type={type}
        className={classes}
        aria-disabled={busy || undefined}
        data-busy={busy || undefined}
        onClick={handleClick}
        {...rest}
      >
        {busy && <span className={styles.spinner} aria-hidden="true" />}
        <span>{children}</span>
      </button>
      {busyLabel !== undefined && (
        // aria-live without role=status: the page's real status messages stay the only "status" role.
        <span aria-live="polite" className="visually-hidden">
          {busy ? busyLabel : ''}
        </span>
      )}
    </>
  );
}

export interface ButtonLinkProps extends PageLinkProps {
  variant?: ButtonVariant;
  fullWidth?: boolean;
}

/** A link that looks like a button (an action that goes to another page). */
export function ButtonLink({ variant = 'primary', fullWidth = false, className, ...rest }: ButtonLinkProps) {
  const classes = [styles.button, styles[variant], fullWidth ? styles.full : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <PageLink className={classes} {...rest} />;
}
