import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  apiKeyResponse,
  changePasswordResponse,
  hasApiKeyResponse,
  loginResponse,
  meResponse,
  userResponse,
} from '@server/schemas/auth';
import { api } from '@web/api/client';

export type LoginResponse = z.infer<typeof loginResponse>;
export type MeResponse = z.infer<typeof meResponse>;
export type UserResponse = z.infer<typeof userResponse>;
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;
export type ApiKeyResponse = z.infer<typeof apiKeyResponse>;
export type HasApiKeyResponse = z.infer<typeof hasApiKeyResponse>;

/** Query keys for the signed-in user's own data. */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  apiKey: () => [...authKeys.all, 'api-key'] as const,
};

export const authApi = {
  login: (body: { email: string; password: string }) => api.post<LoginResponse>('/auth/login', body),
  me: (signal?: AbortSignal) => api.get<MeResponse>('/auth/me', { signal }),
  logout: () => api.post<unknown>('/auth/logout'),
  updateProfile: (body: { name: string; email: string }) =>
    api.put<UserResponse>('/auth/update-profile', body),
  changePassword: (body: { currentPassword: string; newPassword: string }) =>
    api.put<ChangePasswordResponse>('/auth/change-password', body),
  updateApiKey: (claudeApiKey: string | null) =>
    api.put<ApiKeyResponse>('/auth/update-api-key', { claudeApiKey }),
  hasApiKey: () => api.get<HasApiKeyResponse>('/auth/has-api-key'),
};

export function useLogin() {
  return useMutation({ mutationFn: authApi.login });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: authApi.changePassword });
}

export function useHasApiKey() {
  return useQuery({ queryKey: authKeys.apiKey(), queryFn: authApi.hasApiKey });
}

export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.updateApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.apiKey() }),
  });
}
