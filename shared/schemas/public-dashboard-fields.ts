import { z } from 'zod';
import { SALARY_RANGE_WIDTH } from './dashboard';
import { fiscalYearLabel } from './fiscal-year';

/**
 * The public dashboard's constants, messages and field rules, which its configuration, its links
 * and the public view (public-dashboard.ts, public-dashboard-view.ts) all check against.
 */

/* ------------------------------------------------------------------------------------------------
 * Constants and messages
 * ---------------------------------------------------------------------------------------------- */

/** The sections of the public page, in their default order. */
export const COMPONENT_KEYS = [
  'schoolInfo',
  'budgetStatus',
  'progressBar',
  'categoryChart',
  'buildingChart',
  'salaryCharts',
  'headcountChart',
  'links',
  'townLinks',
] as const;
export type ComponentKey = (typeof COMPONENT_KEYS)[number];
export const DEFAULT_COMPONENT_ORDER = COMPONENT_KEYS.join(',');

/** The show flag of each component, as the config row and DTO name it. */
export const SHOW_FLAG_OF: Record<ComponentKey, ShowFlag> = {
  schoolInfo: 'showSchoolInfo',
  budgetStatus: 'showBudgetStatus',
  progressBar: 'showProgressBar',
  categoryChart: 'showCategoryChart',
  buildingChart: 'showBuildingChart',
  salaryCharts: 'showSalaryCharts',
  headcountChart: 'showHeadcountChart',
  links: 'showLinks',
  townLinks: 'showTownLinks',
};

/** Every show flag; showProjectedEmployees changes what the headcount and salary data include. */
export const SHOW_FLAGS = [
  'showSchoolInfo',
  'showBudgetStatus',
  'showProgressBar',
  'showCategoryChart',
  'showBuildingChart',
  'showSalaryCharts',
  'showHeadcountChart',
  'showLinks',
  'showTownLinks',
  'showProjectedEmployees',
] as const;
export type ShowFlag = (typeof SHOW_FLAGS)[number];

export const PUBLIC_LINK_TYPES = ['website', 'document', 'video'] as const;
export type PublicLinkType = (typeof PUBLIC_LINK_TYPES)[number];

export { MIN_CELL_COUNT } from '@shared/public-groups';
/**
 * A staff salary total whose head count moved by fewer than MIN_CELL_COUNT since an exact Publish
 * of the year is published rounded to this many dollars: the salary charts' range width, so the
 * difference of two snapshots tells no more of one person's pay than those charts do.
 */
export const SALARY_ROUNDING_DOLLARS = SALARY_RANGE_WIDTH;
/** Logo uploads: at most 5 MB, JPEG, JPG, PNG, GIF or SVG. */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
export const LOGO_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'svg'] as const;
/** Where uploaded logos are served from, anonymously: `${LOGO_URL_PREFIX}<file>`. */
export const LOGO_URL_PREFIX = '/api/public-dashboard/logos/';

/** The label of the row that suppressed cells are counted into. */
export const OTHER_ROW_LABEL = 'Other';

export {
  otherGroupsLabel,
  OTHER_BUILDINGS_LABEL,
  OTHER_CATEGORIES_LABEL,
  smallGroupsNote,
} from '@shared/public-groups';

/** The words the screens use for a file that is not an accepted image. */
const LOGO_TYPE_MESSAGE = 'Only image files are allowed (JPEG, PNG, GIF, SVG)';

/** Every message the server gives for this capability; the web shows the same words. */
export const PUBLIC_DASHBOARD_MESSAGES = {
  notFound: 'Dashboard Not Found',
  titleAndUrlRequired: 'Title and URL are required',
  invalidYoutube: 'Invalid YouTube URL/ID',
  logoTooLarge: 'File size must be less than 5MB',
  logoType: LOGO_TYPE_MESSAGE,
  logoMissing: "Choose an image file to upload in the field 'logo'",
  // A file whose bytes are no image of its name's kind is still 'not an image file' to the person
  // uploading it: the spec's words first, then why a file named .png was refused.
  logoContentMismatch: `${LOGO_TYPE_MESSAGE}: the file’s contents are not the image type its name says`,
  svgUnsafe: 'SVG logos may not contain scripts, event handlers, foreignObject or external references',
  selectYear: 'Please select at least one year to publish',
  urlPathRequired: 'URL path is required',
  /** Setup asks for the district's name (the screen's field and budget-cli setup --district-name). */
  districtNameRequired: 'Enter the district’s name',
  urlPathChars: 'URL path may contain only letters, digits, - and _ (and must start with a letter or digit)',
  urlPathTaken: 'That URL path is already used by another dashboard',
  httpUrl: 'must be a web address starting with http:// or https://',
  logoUrl: 'School logo URL must be a web address starting with http:// or https://, or an uploaded logo',
  componentOrder: `Component order must list only these keys, each once: ${COMPONENT_KEYS.join(', ')}`,
  nothingToUpdate: 'Nothing to update',
  yearHasNoData: (year: number) => `${fiscalYearLabel(year)} has no budget data to publish`,
  previewLabel: 'Preview — not yet published',
  noDataForYear: (year: number) => `No data available for ${fiscalYearLabel(year)}`,
  savedYearsDiffer: 'Warning: Saved years may differ from selection. Please verify.',
  // What Publish asks the admin to confirm before it replaces what residents read.
  zeroBudget: (year: number, budgetYear: string) =>
    `${fiscalYearLabel(year)} from budget year ${budgetYear} has a $0 budget: residents would read a $0 school budget`,
  earlierStage: (year: number, was: string, now: string) =>
    `${fiscalYearLabel(year)} is published as ${was}; publishing ${now} would replace it with an earlier stage`,
  confirmToPublish: 'Publish again with confirm to publish it anyway.',
  notHeldById: (year: number, id: number) =>
    `Budget year ${id} holds no ${fiscalYearLabel(year)} budget lines`,
  notPublishedYear: (year: number) => `${fiscalYearLabel(year)} is not among the years to publish`,
} as const;

/* ------------------------------------------------------------------------------------------------
 * Field rules
 * ---------------------------------------------------------------------------------------------- */

const URL_PATH = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

/** Whether text can be a dashboard's address at all (anything else is no dashboard, never a query). */
export const isPublicUrlPath = (text: string) => URL_PATH.test(text);

export const urlPathSchema = z
  .string({ error: PUBLIC_DASHBOARD_MESSAGES.urlPathRequired })
  .trim()
  .min(1, PUBLIC_DASHBOARD_MESSAGES.urlPathRequired)
  .regex(URL_PATH, PUBLIC_DASHBOARD_MESSAGES.urlPathChars);

/** True for an absolute http(s) URL; javascript:, data:, file: and relative text are refused. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) {
    return false;
  }
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const LOGO_FILE = /^[a-f0-9]{32}\.(?:png|jpg|gif|svg)$/;

/** An uploaded logo's own path (as POST /upload-logo answers it). */
export function isUploadedLogoUrl(value: string): boolean {
  return value.startsWith(LOGO_URL_PREFIX) && LOGO_FILE.test(value.slice(LOGO_URL_PREFIX.length));
}

/** Blank text becomes null, so a cleared field clears the column. */
export const blankToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** An optional web address named `label` in its message ('Town website URL must be ...'). */
export const httpUrlField = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(2000, `${label} must be at most 2000 characters`)
      .refine(isHttpUrl, `${label} ${PUBLIC_DASHBOARD_MESSAGES.httpUrl}`)
      .nullable(),
  );

export const logoUrlField = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(2000, 'School logo URL must be at most 2000 characters')
    .refine((v) => isHttpUrl(v) || isUploadedLogoUrl(v), PUBLIC_DASHBOARD_MESSAGES.logoUrl)
    .nullable(),
);

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The 11-character video id of a YouTube id or watch, short (youtu.be) or embed URL; null for
 * anything else (the link form refuses it as 'Invalid YouTube URL/ID').
 */
export function youtubeId(value: string): string | null {
  const text = value.trim();
  if (YOUTUBE_ID.test(text)) {
    return text;
  }
  if (!isHttpUrl(text)) {
    return null;
  }
  const url = new URL(text);
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') {
    id = url.pathname.slice(1);
  } else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const embed = /^\/(?:embed|shorts|v)\/([^/]+)\/?$/.exec(url.pathname);
    id = url.pathname === '/watch' ? url.searchParams.get('v') : (embed?.[1] ?? null);
  }
  return id !== null && YOUTUBE_ID.test(id) ? id : null;
}

/**
 * The component order as comma-separated keys. Each key at most once, only known
 * keys; keys left out are appended in the default order, so every component keeps a place.
 */
export const componentOrderSchema = z
  .string({ error: PUBLIC_DASHBOARD_MESSAGES.componentOrder })
  .transform((text, ctx) => {
    const keys = text
      .split(',')
      .map((k) => k.trim())
      .filter((k) => k !== '');
    const known = new Set<string>(COMPONENT_KEYS);
    if (keys.some((k) => !known.has(k)) || new Set(keys).size !== keys.length) {
      ctx.addIssue({ code: 'custom', message: PUBLIC_DASHBOARD_MESSAGES.componentOrder });
      return z.NEVER;
    }
    return [...keys, ...COMPONENT_KEYS.filter((k) => !keys.includes(k))].join(',');
  });

/** A fiscal year as an integer (2026 = FY26). */
export const fiscalYearNumber = z
  .number({ error: 'Published years must be fiscal years such as 2026' })
  .int('Published years must be fiscal years such as 2026')
  .min(1950, 'Published years must be fiscal years such as 2026')
  .max(2149, 'Published years must be fiscal years such as 2026');

export const publishedYearsSchema = z
  .array(fiscalYearNumber, { error: 'Published years must be a list of fiscal years' })
  .max(20, 'Publish at most 20 years')
  .transform((years) => [...new Set(years)].sort((a, b) => a - b));

/** A link's kind: a web page, a document or a YouTube video. */
export const linkTypeSchema = z.enum(PUBLIC_LINK_TYPES, {
  message: `Link type must be one of: ${PUBLIC_LINK_TYPES.join(', ')}`,
});
