import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  apiKeyResponse,
  changePasswordResponse,
  hasApiKeyResponse,
  loginResponse,
  meResponse,
  sessionsResponse,
  userResponse,
} from '@shared/schemas/auth';
import type { SecurityEvent, securityLogResponse } from '@shared/schemas/security-log';
import { api } from '@web/api/client';

export type LoginResponse = z.infer<typeof loginResponse>;
export type MeResponse = z.infer<typeof meResponse>;
export type UserResponse = z.infer<typeof userResponse>;
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;
export type ApiKeyResponse = z.infer<typeof apiKeyResponse>;
export type HasApiKeyResponse = z.infer<typeof hasApiKeyResponse>;
export type SessionsResponse = z.infer<typeof sessionsResponse>;

/** Query keys for the signed-in user's own data. */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  apiKey: () => [...authKeys.all, 'api-key'] as const,
  sessions: () => [...authKeys.all, 'sessions'] as const,
};

export const authApi = {
  login: (body: { email: string; password: string }) => api.post<LoginResponse>('/auth/login', body),
  me: (signal?: AbortSignal) => api.get<MeResponse>('/auth/me', { signal }),
  logout: () => api.post<unknown>('/auth/logout'),
  updateProfile: (body: { name: string; email: string; currentPassword?: string }) =>
    api.put<UserResponse>('/auth/update-profile', body),
  changePassword: (body: { currentPassword: string; newPassword: string }) =>
    api.put<ChangePasswordResponse>('/auth/change-password', body),
  updateApiKey: (claudeApiKey: string | null) =>
    api.put<ApiKeyResponse>('/auth/update-api-key', { claudeApiKey }),
  hasApiKey: () => api.get<HasApiKeyResponse>('/auth/has-api-key'),
  sessions: () => api.get<SessionsResponse>('/auth/sessions'),
  endSession: (id: string) => api.delete<{ message: string }>(`/auth/sessions/${encodeURIComponent(id)}`),
  logoutEverywhere: () => api.post<{ message: string }>('/auth/logout-everywhere'),
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

/** The signed-in user's active sessions and the failed attempts on their account. */
export function useSessions() {
  return useQuery({ queryKey: authKeys.sessions(), queryFn: authApi.sessions });
}

/** Ends another of the user's sessions (signs that device out). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.endSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions() }),
  });
}

/** Ends every session of the user, this one too; the caller then clears the local session. */
export function useLogoutEverywhere() {
  return useMutation({ mutationFn: authApi.logoutEverywhere });
}

export type SecurityLogResponse = z.infer<typeof securityLogResponse>;

/**
 * The admin’s security log: the last 50 events, newest first: one event type, or every event
 * ('all'), or the important ones (routine sign-ins, sign-outs and exports left out).
 */
export function useSecurityLog(event: SecurityEvent | 'all' | 'important', enabled = true) {
  const query = event === 'all' || event === 'important' ? { view: event } : { event };
  return useQuery({
    queryKey: [...authKeys.all, 'security-log', event] as const,
    queryFn: () => api.get<SecurityLogResponse>('/auth/security-log', { query: { ...query, limit: 50 } }),
    enabled,
  });
}
