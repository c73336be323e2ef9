import { Clock, ExternalLink, Gift, type IconNode, Info, Megaphone, Snowflake } from 'lucide';
import { Icon } from '../../components/Icon.tsx';

/** One icon per highlight type, a default for others. */
const ICONS: Record<string, IconNode> = {
  news: Megaphone,
  opening_hours: Clock,
  freeze_reminder: Snowflake,
  referral: Gift,
  other: Info,
};

/** Decorative: the highlight's title says what it is. */
export function HighlightIcon({ type }: { type: string }) {
  return <Icon node={ICONS[type] ?? Info} size={24} strokeWidth={1.8} />;
}

/** Marks a link that leaves the portal (its text says so to screen readers). */
export function ExternalIcon() {
  return <Icon node={ExternalLink} size={16} strokeWidth={1.8} />;
}
