import {
  CalendarCheck,
  ClipboardList,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  Settings,
  Star,
  Store,
  TicketPercent,
  Wrench,
} from 'lucide-react';

export type TNavItem = {
  /** The catalogue id of its name (locales/*.messages.json). */
  label: string;
  to: string;
  icon: LucideIcon;
};

/** The merchant site's sections, in the order they appear in the sidebar and the mobile drawer. */
export const NAV_ITEMS: readonly TNavItem[] = [
  { label: 'nav.dashboard', to: '/', icon: LayoutDashboard },
  { label: 'nav.stores', to: '/stores', icon: Store },
  { label: 'nav.offers', to: '/offers', icon: TicketPercent },
  { label: 'nav.services', to: '/services', icon: Wrench },
  { label: 'nav.bookings', to: '/bookings', icon: CalendarCheck },
  { label: 'nav.chat', to: '/chat', icon: MessageSquare },
  { label: 'nav.serviceRequests', to: '/service-requests', icon: ClipboardList },
  { label: 'nav.reviews', to: '/reviews', icon: Star },
  { label: 'nav.settings', to: '/settings', icon: Settings },
];
