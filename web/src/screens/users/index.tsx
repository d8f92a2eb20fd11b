import { useState } from 'react';
import type { User } from '@shared/schemas/auth';
import type { Role } from '@shared/schemas/common';
import { errorMessage } from '@web/api/client';
import { useDeleteUser, useUpdateUser, useUsers, type UserPatch } from '@web/api/users';
import { useSession } from '@web/auth/session-context';
import { useCan } from '@web/auth/use-can';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { Spinner } from '@web/components/spinner';
import { useToast } from '@web/components/toast';
import { AddUserModal } from '@web/screens/users/add-user-modal';
import { SecurityLog } from '@web/screens/users/security-log';
import { UsersTable } from '@web/screens/users/users-table';

export function UsersScreen() {
  const { user: me } = useSession();
  const canManage = useCan('users.manage');
  const users = useUsers(canManage);
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const notify = useToast();
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [actionError, setActionError] = useState<{ title: string; message: string } | null>(null);

  const busyUserId = updateUser.isPending ? (updateUser.variables?.id ?? null) : null;

  const patch = (user: User, change: UserPatch, success: string) => {
    setActionError(null);
    updateUser.mutate(
      { id: user.id, patch: change },
      {
        onSuccess: () => notify({ title: success }),
        onError: (err) =>
          setActionError({
            title: 'Failed to update user',
            message: errorMessage(err, 'Failed to update user'),
          }),
      },
    );
  };

  const confirmDelete = () => {
    if (!toDelete) {
      return;
    }
    const target = toDelete;
    setActionError(null);
    deleteUser.mutate(target.id, {
      onSuccess: () => {
        setToDelete(null);
        notify({ title: `${target.name} was deleted` });
      },
      onError: (err) => {
        setToDelete(null);
        setActionError({
          title: 'Failed to delete user',
          message: errorMessage(err, 'Failed to delete user'),
        });
      },
    });
  };

  const list = users.data?.users ?? [];
  return (
    <>
      <PageHeader
        title="User Management"
        subtitle="Add staff accounts, set their role, and deactivate or delete accounts that are no longer needed."
        actions={
          canManage ? (
            <button type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
              Add User
            </button>
          ) : null
        }
      />
      {actionError ? (
        <div style={{ marginBottom: 'var(--space-4)' }}>
          <Alert title={actionError.title}>
            {actionError.message === actionError.title ? null : actionError.message}
          </Alert>
        </div>
      ) : null}
      <section className="card card--flush" aria-label="Users">
        {users.isPending ? <Spinner label="Loading users..." /> : null}
        {users.isError ? (
          <div style={{ padding: 'var(--space-4)' }}>
            <Alert title="Failed to load users">
              {errorMessage(users.error, '') || 'Please reload the page to try again.'}
            </Alert>
          </div>
        ) : null}
        {users.isSuccess && list.length === 0 ? (
          <EmptyState title="No users yet">
            <p>Add the first staff account with Add User.</p>
          </EmptyState>
        ) : null}
        {list.length > 0 ? (
          <UsersTable
            users={list}
            currentUserId={me?.id}
            busyUserId={busyUserId}
            onToggleActive={(user) =>
              patch(
                user,
                { isActive: !user.isActive },
                `${user.name} is now ${user.isActive ? 'inactive' : 'active'}`,
              )
            }
            onChangeRole={(user, role: Role) => patch(user, { role }, `${user.name} is now ${role}`)}
            onDelete={setToDelete}
          />
        ) : null}
      </section>
      {canManage ? <SecurityLog /> : null}
      <AddUserModal
        open={adding}
        onOpenChange={setAdding}
        onCreated={(name) => notify({ title: `${name} was added` })}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) {
            setToDelete(null);
          }
        }}
        title="Delete user"
        message={toDelete ? `Are you sure you want to delete ${toDelete.name}? This cannot be undone.` : ''}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleteUser.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
