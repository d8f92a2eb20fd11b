import { DropdownMenu } from 'radix-ui';
import { Link, NavLink, useLocation } from 'react-router';
import { canVisit } from '@web/auth/route-access';
import { useSession } from '@web/auth/session-context';
import { useCanVisit } from '@web/auth/use-can';
import { ADMIN_NAV, MAIN_NAV } from '@web/components/shell/nav-items';

function AdminMenu() {
  const { pathname } = useLocation();
  const active = ADMIN_NAV.some((item) => item.to === pathname);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="nav-trigger" data-active={active}>
        Admin
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.5" fill="none" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-content" align="start" sideOffset={4}>
          {ADMIN_NAV.map((item) => (
            <DropdownMenu.Item key={item.to} className="menu-item" asChild>
              <Link to={item.to}>{item.label}</Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * The navigation bar. Links the user's role cannot open are left out (the route table decides),
 * so nobody is offered a page that would only say Access Denied.
 */
export function MainNav() {
  const { user } = useSession();
  const showAdmin = useCanVisit('/admin');
  const items = MAIN_NAV.filter((item) => canVisit(user?.role, item.to));
  return (
    <nav className="app-nav" aria-label="Main">
      <div className="app-nav__inner">
        <ul className="app-nav__list">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end className="nav-link">
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        {showAdmin ? <AdminMenu /> : null}
      </div>
    </nav>
  );
}
