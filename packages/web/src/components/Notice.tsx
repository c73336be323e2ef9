import type { ReactNode, Ref } from 'react';
import { CircleAlert, CircleCheck, Info } from 'lucide';
import { Icon } from './Icon.tsx';
import styles from './Notice.module.css';

/** Each tone has its own icon: an error never depends on its red alone (a red brand, colour blindness). */
const ICONS = { error: CircleAlert, success: CircleCheck, info: Info } as const;

export interface NoticeProps {
  tone: 'error' | 'success' | 'info';
  title?: string;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}

/** An inline message; errors are announced assertively, the rest politely. */
export function Notice({ tone, title, children, ref }: NoticeProps) {
  return (
    <div
      ref={ref}
      className={`${styles.notice} ${styles[tone]}`}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={-1}
    >
      <Icon node={ICONS[tone]} className={styles.icon} size={22} />
      <div>
        {title && <p className={styles.title}>{title}</p>}
        <div className={styles.body}>{children}</div>
      </div>
    </div>
  );
}
