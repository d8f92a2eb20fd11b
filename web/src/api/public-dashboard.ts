import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePublicLinkBody,
  PublicDashboardConfig,
  PublicLink,
  PublicView,
  PublishResponse,
  UpdatePublicDashboardConfigBody,
  UpdatePublicLinkBody,
  UploadLogoResponse,
} from '@server/schemas/public-dashboard';
import type { PublicPreview } from '@server/schemas/public-dashboard-preview';
import { api } from '@web/api/client';

export type { PublicDashboardConfig, PublicLink, PublicPreview, PublicView };

export const publicDashboardKeys = {
  all: ['public-dashboard'] as const,
  config: () => [...publicDashboardKeys.all, 'config'] as const,
  links: (configId: number) => [...publicDashboardKeys.all, 'links', configId] as const,
  /** The published view (what residents see now), for the preview of the config screen. */
  view: (urlPath: string) => [...publicDashboardKeys.all, 'view', urlPath] as const,
  /** What residents would see if Publish ran now, for these years. */
  preview: (years: readonly number[]) => [...publicDashboardKeys.all, 'preview', years.join(',')] as const,
};

export const publicDashboardApi = {
  config: () => api.get<{ config: PublicDashboardConfig }>('/public-dashboard/config'),
  update: (id: number, body: UpdatePublicDashboardConfigBody) =>
    api.patch<{ config: PublicDashboardConfig }>(`/public-dashboard/config/${id}`, body),
  uploadLogo: (file: File) => {
    const form = new FormData();
    form.append('logo', file);
    return api.post<UploadLogoResponse>('/public-dashboard/upload-logo', form);
  },
  publish: (id: number, publishedYears: number[]) =>
    api.post<PublishResponse>(`/public-dashboard/publish/${id}`, { publishedYears }),
  links: (configId: number) => api.get<{ links: PublicLink[] }>(`/public-dashboard/${configId}/links`),
  createLink: (configId: number, body: CreatePublicLinkBody) =>
    api.post<{ link: PublicLink }>(`/public-dashboard/${configId}/links`, body),
  updateLink: (linkId: number, body: UpdatePublicLinkBody) =>
    api.patch<{ link: PublicLink }>(`/public-dashboard/links/${linkId}`, body),
  deleteLink: (linkId: number) => api.delete<unknown>(`/public-dashboard/links/${linkId}`),
  view: (urlPath: string) => api.get<PublicView>(`/public-dashboard/view/${encodeURIComponent(urlPath)}`),
  preview: (years: readonly number[]) =>
    api.get<PublicPreview>(`/public-dashboard/preview?years=${years.join(',')}`),
};

export function usePublicDashboardConfig() {
  return useQuery({ queryKey: publicDashboardKeys.config(), queryFn: publicDashboardApi.config });
}

export function usePublicLinks(configId: number | null) {
  return useQuery({
    queryKey: publicDashboardKeys.links(configId ?? 0),
    queryFn: () => publicDashboardApi.links(configId!),
    enabled: configId !== null,
  });
}

/** The view residents are served now (null before the first Publish). */
export function usePublishedView(urlPath: string | null, enabled: boolean) {
  return useQuery({
    queryKey: publicDashboardKeys.view(urlPath ?? ''),
    queryFn: () => publicDashboardApi.view(urlPath!).catch(() => null),
    enabled: enabled && urlPath !== null,
  });
}

/**
 * The preview of the page Publish would put out now (saved settings and links, current figures)
 * for the years chosen on the screen, with what it changes; read again after every change.
 */
export function usePublicPreview(years: readonly number[]) {
  return useQuery({
    queryKey: publicDashboardKeys.preview(years),
    queryFn: () => publicDashboardApi.preview(years),
  });
}

/** Every change to the dashboard: settings, a flag, a link, Publish. All of it is read again after. */
export function usePublicDashboardMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      // The preview takes longest to build (the figures of every year): asked for again, but not
      // waited for, so a form's own success step (Add becomes Update again) is not held back by it.
      const isPreview = (key: readonly unknown[]) => key[1] === 'preview';
      void queryClient.invalidateQueries({
        queryKey: publicDashboardKeys.all,
        predicate: (q) => isPreview(q.queryKey),
      });
      return queryClient.invalidateQueries({
        queryKey: publicDashboardKeys.all,
        predicate: (q) => !isPreview(q.queryKey),
      });
    },
  });
}
