import { VisuallyHidden } from '@mantine/core';
import { NavLink } from 'react-router';
import { BookIcon, HomeIcon, MessageIcon, SettingsIcon, ToolIcon } from '../../components/icons';
import { countOf, UNREAD_CASE } from '../../domain/plural';

const items = [
  { to: '/home', label: 'Home', Icon: HomeIcon },
  { to: '/knowledge', label: 'Knowledge', Icon: BookIcon },
  { to: '/support', label: 'Support', Icon: ToolIcon },
  { to: '/messages', label: 'Messages', Icon: MessageIcon },
  { to: '/settings', label: 'Settings', Icon: SettingsIcon },
] as const;

/** Shown above 99 (the bubble stays the size of two digits). */
const MAX_SHOWN = 99;

/** The main tabs; Support carries the number of cases with replies the user has not seen. */
export function BottomNav({ unreadCases = 0 }: { unreadCases?: number }) {
  return (
    <nav className="bottom-nav" aria-label="Main">
      {items.map(({ to, label, Icon }) => (
        // Support and Knowledge stay highlighted on their sub-screens (/support/..., the
        // article view /knowledge/answer).
        <NavLink key={to} to={to} end={to !== '/support' && to !== '/knowledge'}>
          <Icon />
          <span>{label}</span>
          {to === '/support' && unreadCases > 0 && (
            <>
              <span className="nav-count" aria-hidden="true" data-testid="support-unread-count">
                {unreadCases > MAX_SHOWN ? `${MAX_SHOWN}+` : unreadCases}
              </span>
              <VisuallyHidden>, {countOf(unreadCases, UNREAD_CASE)}</VisuallyHidden>
            </>
          )}
        </NavLink>
      ))}
    </nav>
  );
}
