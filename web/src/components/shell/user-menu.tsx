import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { useSession } from '@web/auth/session-context';
import { userMenuFor } from '@web/components/shell/nav-items';
import { ROLE_LABELS } from '@web/lib/format';

/**
 * The avatar button with the user's name and role (in words: 'View only', not VIEW_ONLY), opening Profile, User Management (the roles the
 * route table lets in) and Logout. On narrow screens only the avatar shows; the name stays the
 * button's accessible name.
 */
export function UserMenu() {
  const { user, signOut } = useSession();
  if (!user) {
    return null;
  }
  const initial = (user.name.trim()[0] ?? user.email[0] ?? '?').toUpperCase();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="user-trigger">
        <span className="avatar" aria-hidden="true">
          {initial}
        </span>
        <span className="user-trigger__text">
          <span>
            <span className="visually-hidden">Account menu for </span>
            {user.name}
          </span>
          <span className="user-trigger__role">{ROLE_LABELS[user.role]}</span>
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-content" align="end" sideOffset={6}>
          <DropdownMenu.Label className="menu-label">
            <div className="menu-label__name">{user.name}</div>
            <div className="menu-label__meta">{user.email}</div>
            <div className="menu-label__meta">{ROLE_LABELS[user.role]}</div>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="menu-separator" />
          {userMenuFor(user.role).map((item) => (
            <DropdownMenu.Item key={item.to} className="menu-item" asChild>
              <Link to={item.to}>{item.label}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item" onSelect={() => void signOut()}>
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
