import type { ReactNode } from 'react';
import styles from './Card.module.css';

export function Card({
  children,
  className,
  accent = false,
}: {
  children: ReactNode;
  className?: string;
  accent?: boolean;
}) {
  return (
    <div className={[styles.card, accent ? styles.accent : '', className ?? ''].join(' ')}>{children}</div>
  );
}
