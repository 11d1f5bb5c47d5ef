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
        // Support and Knowledge stay highlighted on their sub-screens (/support/..., the
        // article view /knowledge/answer).
        <NavLink key={to} to={to} end={to !== '/support' && to !== '/knowledge'}>
          <Icon />
          <span>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
