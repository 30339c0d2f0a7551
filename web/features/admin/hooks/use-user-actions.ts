import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { AdminUser } from '#shared/auth';
import type { Role } from '#shared/roles';
import { MSG } from '#shared/messages';
import { useChangeRoleMutation } from '../api/change-role.ts';
import { useDeleteUserMutation } from '../api/delete-user.ts';
import { confirmToast } from '../components/confirm-toast.tsx';

/** The admin's changes to an account of the list, one account at a time: its role, or deleting it (asked first). */
export function useUserActions(newRole: Extract<Role, 'user' | 'employee'>) {
  const changeRole = useChangeRoleMutation();
  const deleteUser = useDeleteUserMutation();
  const [busyId, setBusyId] = useState<string | null>(null);

  const onChangeRole = async (user: AdminUser) => {
    setBusyId(user.id);
    try {
      await changeRole.mutateAsync({ id: user.id, role: newRole });
      toast.success(MSG.roleUpdated);
    } catch {
      toast.error(MSG.roleUpdateFailed);
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (user: AdminUser) => {
    setBusyId(user.id);
    try {
      await deleteUser.mutateAsync(user.id);
      toast.success(MSG.userDeleted);
    } catch {
      toast.error(MSG.userDeleteFailed);
    } finally {
      setBusyId(null);
    }
  };

  const onDelete = (user: AdminUser) =>
    confirmToast({
      id: `delete-${user.id}`,
      message: `Delete ${user.name}? Their account, bookings and messages will be removed for good.`,
      confirmLabel: 'Delete',
      onConfirm: () => void remove(user),
    });

  return {
    busyId,
    changeRole: (user: AdminUser) => void onChangeRole(user),
    askToDelete: onDelete,
  };
}

export type UserActions = ReturnType<typeof useUserActions>;
