import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { useSession } from '@web/auth/session-context';
import { useCan } from '@web/auth/use-can';

/** The avatar button with the user's name and role, opening Profile, User Management and Logout. */
export function UserMenu() {
  const { user, signOut } = useSession();
  const canManageUsers = useCan('users.manage');
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
          <span className="user-trigger__role">{user.role}</span>
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu-content" align="end" sideOffset={6}>
          <DropdownMenu.Label className="menu-label">
            <div className="menu-label__name">{user.name}</div>
            <div className="menu-label__meta">{user.email}</div>
            <div className="menu-label__meta">{user.role}</div>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item" asChild>
            <Link to="/profile">Profile</Link>
          </DropdownMenu.Item>
          {canManageUsers ? (
            <DropdownMenu.Item className="menu-item" asChild>
              <Link to="/users">User Management</Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item" onSelect={() => void signOut()}>
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
