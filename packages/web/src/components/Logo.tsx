import { logoUrl } from '../lib/theme.ts';
import { useOperator } from '../lib/operator.ts';
import styles from './Logo.module.css';

export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const operator = useOperator();
  return <img className={`${styles.logo} ${styles[size]}`} src={logoUrl(operator.id)} alt={operator.brand} />;
}
