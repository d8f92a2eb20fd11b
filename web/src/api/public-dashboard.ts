import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BudgetYearChoice,
  CreatePublicLinkBody,
  PublicDashboardConfig,
  PublicLink,
  PublicView,
  PublishResponse,
  UpdatePublicDashboardConfigBody,
  UpdatePublicLinkBody,
  UploadLogoResponse,
} from '@shared/schemas/public-dashboard';
import type { PublicPreview } from '@shared/schemas/public-dashboard-preview';
import { budgetYearKeys } from '@web/api/budget-years';
import { api } from '@web/api/client';

export type { BudgetYearChoice, PublicDashboardConfig, PublicLink, PublicPreview, PublicView };

export const publicDashboardKeys = {
  all: ['public-dashboard'] as const,
  config: () => [...publicDashboardKeys.all, 'config'] as const,
  links: (configId: number) => [...publicDashboardKeys.all, 'links', configId] as const,
  /** The published view (what residents see now), for the preview of the config screen. */
  view: (urlPath: string) => [...publicDashboardKeys.all, 'view', urlPath] as const,
  /**
   * What residents would see if Publish ran now, for these years, of the settings as saved
   * (`settings`: the saved configuration, so a save or a Publish is a new preview, never the last
   * one's figures under the new settings).
   */
  preview: (years: readonly number[], choices: readonly BudgetYearChoice[] = [], settings = '') =>
    [...publicDashboardKeys.all, 'preview', years.join(','), choicesText(choices), settings] as const,
};

/** The admin's budget year for each fiscal year, as the preview's query takes it: '2027:12'. */
const choicesText = (choices: readonly BudgetYearChoice[]) =>
  choices.map((c) => `${c.fiscalYear}:${c.budgetYearId}`).join(',');

/** What Publish sends besides the years: the budget years chosen and the admin's confirmation. */
export interface PublishOptions {
  budgetYears?: BudgetYearChoice[];
  confirm?: boolean;
}

export const publicDashboardApi = {
  config: () => api.get<{ config: PublicDashboardConfig }>('/public-dashboard/config'),
  update: (id: number, body: UpdatePublicDashboardConfigBody) =>
    api.patch<{ config: PublicDashboardConfig }>(`/public-dashboard/config/${id}`, body),
  uploadLogo: (file: File) => {
    const form = new FormData();
    form.append('logo', file);
    return api.post<UploadLogoResponse>('/public-dashboard/upload-logo', form);
  },
  publish: (id: number, publishedYears: number[], options: PublishOptions = {}) =>
    api.post<PublishResponse>(`/public-dashboard/publish/${id}`, {
      publishedYears,
      ...(options.budgetYears?.length ? { budgetYears: options.budgetYears } : {}),
      ...(options.confirm ? { confirm: true } : {}),
    }),
  links: (configId: number) => api.get<{ links: PublicLink[] }>(`/public-dashboard/${configId}/links`),
  createLink: (configId: number, body: CreatePublicLinkBody) =>
    api.post<{ link: PublicLink }>(`/public-dashboard/${configId}/links`, body),
  updateLink: (linkId: number, body: UpdatePublicLinkBody) =>
    api.patch<{ link: PublicLink }>(`/public-dashboard/links/${linkId}`, body),
  deleteLink: (linkId: number) => api.delete<unknown>(`/public-dashboard/links/${linkId}`),
  view: (urlPath: string) => api.get<PublicView>(`/public-dashboard/view/${encodeURIComponent(urlPath)}`),
  preview: (years: readonly number[], choices: readonly BudgetYearChoice[] = []) =>
    api.get<PublicPreview>(
      `/public-dashboard/preview?years=${years.join(',')}${choices.length ? `&budgetYears=${choicesText(choices)}` : ''}`,
    ),
};

/** The dashboard's settings (the district's name among them), for useQuery and ensureQueryData alike. */
export const publicDashboardConfigQuery = () => ({
  queryKey: publicDashboardKeys.config(),
  queryFn: publicDashboardApi.config,
});

export function usePublicDashboardConfig() {
  return useQuery(publicDashboardConfigQuery());
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
export function usePublicPreview(
  years: readonly number[],
  choices: readonly BudgetYearChoice[] = [],
  settings?: PublicDashboardConfig,
) {
  const version = settings ? JSON.stringify(settings) : '';
  return useQuery({
    queryKey: publicDashboardKeys.preview(years, choices, version),
    queryFn: () => publicDashboardApi.preview(years, choices),
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
      // The settings hold the district's name, which every screen's header reads with the budget years.
      void queryClient.invalidateQueries({ queryKey: budgetYearKeys.all });
      return queryClient.invalidateQueries({
        queryKey: publicDashboardKeys.all,
        predicate: (q) => !isPreview(q.queryKey),
      });
    },
  });
}
