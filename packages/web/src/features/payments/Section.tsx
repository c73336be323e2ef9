import { type ReactNode, useId } from 'react';
import { Card } from '../../components/Card.tsx';
import styles from './Payments.module.css';

/** A card with a heading that names its section for assistive technology. */
export function Section({
  title,
  children,
  footer,
  className,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={className}>
      <Card className={styles.card}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {children}
        {footer && <div className={styles.footer}>{footer}</div>}
      </Card>
    </section>
  );
}
