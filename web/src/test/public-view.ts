import type { PublicView } from '@shared/schemas/public-dashboard';
import type { PublicPreview } from '@shared/schemas/public-dashboard-preview';

/**
 * The residents' page of Harbor View Schools at /public/district with nothing in it yet (no year, no
 * section, no link): the resident page's and the preview's tests spread over it what they read.
 */
export function residentView(overrides: Partial<PublicView> = {}): PublicView {
  return {
    urlPath: 'district',
    schoolName: 'Harbor View Schools',
    schoolLogoUrl: null,
    townWebsiteUrl: null,
    schoolWebsiteUrl: null,
    componentOrder: [],
    visibleComponents: [],
    years: [],
    data: {},
    links: [],
    publishedAt: '2026-11-27T15:00:00.000Z',
    ...overrides,
  };
}

/**
 * The admin's preview of that page as last published (at its publishedAt, at the same address),
 * with nothing left to publish and nothing in the way: tests override what Publish would change.
 */
export function residentPreview(overrides: Partial<PublicPreview> = {}): PublicPreview {
  const view = residentView(overrides);
  return {
    ...view,
    changes: [],
    problems: [],
    sources: [],
    confirmations: [],
    lastPublishedAt: view.publishedAt,
    publishedUrlPath: view.urlPath,
    ...overrides,
  };
}
