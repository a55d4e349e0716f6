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
  label: string;
  to: string;
  icon: LucideIcon;
};

/** The merchant site's sections, in the order they appear in the sidebar and the mobile drawer. */
export const NAV_ITEMS: readonly TNavItem[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard },
  { label: 'Stores', to: '/stores', icon: Store },
  { label: 'Offers', to: '/offers', icon: TicketPercent },
  { label: 'Services', to: '/services', icon: Wrench },
  { label: 'Bookings', to: '/bookings', icon: CalendarCheck },
  { label: 'Chat', to: '/chat', icon: MessageSquare },
  { label: 'Service requests', to: '/service-requests', icon: ClipboardList },
  { label: 'Reviews', to: '/reviews', icon: Star },
  { label: 'Settings', to: '/settings', icon: Settings },
];
