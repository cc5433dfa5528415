import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../lib/error-messages';
import { TABLE } from '../../../shared/constants';
import { USER_ADMIN_MESSAGES, type UserAccount } from '../../../shared/contracts/users';
import type { Permission } from '../../../shared/permissions';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Pagination } from '../../../ui/Pagination';
import { Table, type TableColumn } from '../../../ui/Table';
import { toast } from '../../../ui/toast-queue';
import { setUserActive, setUserPermissions, usersQuery } from '../api/users';
import { usersKeys } from '../api/users-keys';
import { permissionLabel } from '../permission-labels';
import { PermissionsDialog } from './PermissionsDialog';

const COLUMNS: readonly TableColumn[] = [
  { id: 'firstName', header: 'First Name', isRowHeader: true },
  { id: 'lastName', header: 'Last Name' },
  { id: 'email', header: 'Email' },
  { id: 'permissions', header: 'Permissions' },
  { id: 'actions', header: 'Actions', width: 260 },
];

const fullName = (account: UserAccount) => `${account.userDetails.firstName} ${account.userDetails.lastName}`;

/** The users of the organization, TABLE.compactPageSize (10) a page, with permission and status actions per row. */
export function UsersTable({ orgId }: { orgId: string | null }) {
  const queryClient = useQueryClient();
  const users = useQuery(usersQuery(orgId));
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<UserAccount | null>(null);
  const [toggling, setToggling] = useState<UserAccount | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: usersKeys.all });
  const status = useMutation({
    mutationFn: (account: UserAccount) => setUserActive(account.id, !account.active),
    onSuccess: async (saved) => {
      setRefusal(null);
      toast.success(saved.active ? USER_ADMIN_MESSAGES.activated : USER_ADMIN_MESSAGES.deactivated);
      await refresh();
    },
    onError: (error) => setRefusal(errorText(error)),
  });

  const savePermissions = async (account: UserAccount, features: Permission[]) => {
    await setUserPermissions(account.id, { features });
    toast.success(USER_ADMIN_MESSAGES.permissionsSaved);
    await refresh();
  };

  const rows = users.data ?? [];
  const pageCount = Math.max(1, Math.ceil(rows.length / TABLE.compactPageSize));
  const current = Math.min(page, pageCount);
  const shown = rows.slice((current - 1) * TABLE.compactPageSize, current * TABLE.compactPageSize);

  const renderCell = (account: UserAccount, columnId: string) => {
    switch (columnId) {
      case 'firstName':
        return (
          <span className="users-name">
            {account.userDetails.firstName}
            {!account.active && <span className="users-mark users-mark--inactive">Deactivated</span>}
            {account.mustChangePassword && <span className="users-mark">Must change password</span>}
          </span>
        );
      case 'lastName':
        return account.userDetails.lastName;
      case 'email':
        return account.email;
      case 'permissions':
        return account.permissions.features.map(permissionLabel).join(', ') || 'None';
      default:
        return (
          <span className="users-actions">
            <Button variant="ghost" aria-label={`Edit permissions of ${fullName(account)}`} onPress={() => setEditing(account)}>
              Permissions
            </Button>
            <Button variant={account.active ? 'danger' : 'secondary'} aria-label={`${account.active ? 'Deactivate' : 'Activate'} ${fullName(account)}`} onPress={() => setToggling(account)}>
              {account.active ? 'Deactivate' : 'Activate'}
            </Button>
          </span>
        );
    }
  };

  return (
    <section className="users-list" aria-labelledby="users-list-heading">
      <h2 id="users-list-heading">Users</h2>
      {users.isError && (
        <p className="users-outcome users-outcome--error" role="alert">
          {errorText(users.error)}
        </p>
      )}
      {refusal && (
        <p className="users-outcome users-outcome--error" role="alert">
          {refusal}
        </p>
      )}
      <Table label="Users" columns={COLUMNS} rows={shown} renderCell={renderCell} emptyMessage={users.isPending ? 'Loading users…' : undefined} />
      <Pagination label="Users pagination" page={current} pageCount={pageCount} onPageChange={setPage} />
      {editing && <PermissionsDialog account={editing} onSave={(features) => savePermissions(editing, features)} onClose={() => setEditing(null)} />}
      {toggling && (
        <ConfirmDialog
          isOpen
          title={toggling.active ? 'Deactivate user' : 'Activate user'}
          message={
            toggling.active
              ? `Deactivate ${fullName(toggling)}? Their sessions end at once and they can no longer sign in.`
              : `Activate ${fullName(toggling)}? They can sign in again.`
          }
          okText={toggling.active ? 'Deactivate' : 'Activate'}
          onConfirm={() => {
            status.mutate(toggling);
            setToggling(null);
          }}
          onCancel={() => setToggling(null)}
        />
      )}
    </section>
  );
}
