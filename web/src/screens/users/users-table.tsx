import type { User } from '@shared/schemas/auth';
import type { Role } from '@shared/schemas/common';
import { Select } from '@web/components/select';
import { formatDateTime, ROLE_LABELS } from '@web/lib/format';
import { TableHead, unseen } from '@web/components/table-head';
import { RowAction } from '@web/components/form/button';
import { ScrollArea } from '@web/components/scroll-area';

const ROLE_OPTIONS = (Object.keys(ROLE_LABELS) as Role[]).map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));

interface UsersTableProps {
  users: readonly User[];
  currentUserId: number | undefined;
  busyUserId: number | null;
  onToggleActive(user: User): void;
  onChangeRole(user: User, role: Role): void;
  onDelete(user: User): void;
}

/** Everyone with an account; one's own row shows '(you)' and offers no actions. */
export function UsersTable({
  users,
  currentUserId,
  busyUserId,
  onToggleActive,
  onChangeRole,
  onDelete,
}: UsersTableProps) {
  return (
    <ScrollArea label="Users">
      <table className="table">
        <caption className="visually-hidden">Users</caption>
        <TableHead cols={['Name', 'Email', 'Role', 'Status', 'Last login', unseen('Actions')]} />
        <tbody>
          {users.map((user) => {
            const self = user.id === currentUserId;
            const busy = busyUserId === user.id;
            return (
              <tr key={user.id}>
                <th scope="row">
                  {user.name} {self ? <span className="muted">(you)</span> : null}
                </th>
                <td>{user.email}</td>
                <td>
                  {self ? (
                    ROLE_LABELS[user.role]
                  ) : (
                    <Select
                      value={user.role}
                      options={ROLE_OPTIONS}
                      ariaLabel={`Role for ${user.name}`}
                      disabled={busy}
                      onValueChange={(value) => onChangeRole(user, value as Role)}
                    />
                  )}
                </td>
                <td>
                  <span className={`badge ${user.isActive ? 'badge--success' : 'badge--neutral'}`}>
                    {user.isActive ? 'Active' : 'Inactive'}
                  </span>
                </td>
                <td>{formatDateTime(user.lastLogin)}</td>
                <td>
                  {self ? null : (
                    <div className="actions">
                      <button
                        type="button"
                        className="btn btn--secondary btn--small"
                        disabled={busy}
                        aria-label={`${user.isActive ? 'Deactivate' : 'Activate'} ${user.name}`}
                        onClick={() => onToggleActive(user)}
                      >
                        {user.isActive ? 'Deactivate' : 'Activate'}
                      </button>
                      <RowAction
                        action="Delete"
                        name={user.name}
                        variant="danger"
                        disabled={busy}
                        onClick={() => onDelete(user)}
                      />
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollArea>
  );
}
