import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { usersResponse } from '@shared/schemas/auth';
import type { Role } from '@shared/schemas/common';
import type { UserResponse } from '@web/api/auth';
import { api } from '@web/api/client';

export type UsersResponse = z.infer<typeof usersResponse>;

export interface NewUser {
  name: string;
  email: string;
  password: string;
  role: Role;
}

export interface UserPatch {
  isActive?: boolean;
  role?: Role;
}

/** Query keys for User Management. */
export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
};

export const usersApi = {
  list: () => api.get<UsersResponse>('/auth/users'),
  register: (body: NewUser) => api.post<UserResponse>('/auth/register', body),
  update: (id: number, patch: UserPatch) => api.put<UserResponse>(`/auth/users/${id}`, patch),
  remove: (id: number) => api.delete<unknown>(`/auth/users/${id}`),
};

export function useUsers(enabled = true) {
  return useQuery({ queryKey: userKeys.list(), queryFn: usersApi.list, enabled });
}

export function useRegisterUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: usersApi.register,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: UserPatch }) => usersApi.update(id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: usersApi.remove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
