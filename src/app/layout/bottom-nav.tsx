import { NavLink } from 'react-router';
import { BookIcon, HomeIcon, MessageIcon, SettingsIcon, ToolIcon } from '../../components/icons';

const items = [
  { to: '/home', label: 'Home', Icon: HomeIcon },
  { to: '/knowledge', label: 'Knowledge', Icon: BookIcon },
  { to: '/support', label: 'Support', Icon: ToolIcon },
  { to: '/messages', label: 'Messages', Icon: MessageIcon },
  { to: '/settings', label: 'Settings', Icon: SettingsIcon },
] as const;

export function BottomNav() {
  return (
    <nav className="bottom-nav" aria-label="Main">
      {items.map(({ to, label, Icon }) => (
        // Support stays highlighted on its sub-screens (/support/...).
        <NavLink key={to} to={to} end={to !== '/support'}>
          <Icon />
          <span>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
