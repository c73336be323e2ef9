import type { MenuItem } from '@portal/domain';
import {
  CalendarDays,
  CreditCard,
  Dumbbell,
  Gift,
  House,
  type IconNode,
  IdCard,
  MessageSquare,
  Tag,
} from 'lucide';
import { Icon } from '../../components/Icon.tsx';

const ICONS: Record<MenuItem, IconNode> = {
  home: House,
  classes: CalendarDays,
  payment: CreditCard,
  referral: Gift,
  offers: Tag,
  pt: Dumbbell,
  membership: IdCard,
  contact: MessageSquare,
};

/** Decorative: the menu item's text names it. */
export function MenuIcon({ item }: { item: MenuItem }) {
  return <Icon node={ICONS[item]} size={22} strokeWidth={1.8} />;
}
