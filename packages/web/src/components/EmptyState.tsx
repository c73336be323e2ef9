import type { ReactNode } from 'react';
import { useOperator } from '../lib/operator.ts';
import { illustrationUrl } from '../lib/theme.ts';
import styles from './EmptyState.module.css';

/**
 * Nothing to show yet (no invoices, no offer): the operator's drawing, what is empty and
 * what to do next. The drawing is decorative (the text says it), sized so it shifts nothing
 * and lazy, as an empty list is often below the fold.
 */
export function EmptyState({
  title,
  headingLevel = 2,
  children,
  action,
}: {
  /** A heading where the empty state is a page's whole answer; a list's own heading is enough elsewhere. */
  title?: string;
  headingLevel?: 2 | 3;
  children?: ReactNode;
  action?: ReactNode;
}) {
  const operator = useOperator();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.empty}>
      <img
        className={styles.picture}
        src={illustrationUrl(operator.id, 'empty')}
        alt=""
        width={160}
        height={120}
        loading="lazy"
      />
      <div className={styles.text}>
        {title && <Heading className={styles.title}>{title}</Heading>}
        {children}
        {action && <div className={styles.action}>{action}</div>}
      </div>
    </div>
  );
}
