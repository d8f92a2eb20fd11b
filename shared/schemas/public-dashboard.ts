import { z } from 'zod';
import { idNumberWith, idText, moneyOut } from './common';
import { BUDGET_STAGES } from './budget-stages';
import { SALARY_RANGE_WIDTH } from './dashboard';

/**
 * The public dashboard: the admin's configuration and
 * links, the publish call, and the PUBLIC VIEW residents read with no sign-in.
 *
 * `publicViewResponse` is the privacy contract: every object in it is a z.strictObject, so a field
 * nobody meant to publish (a name, an id, a single salary) makes the response fail its own schema.
 * Money is dollars with at most 2 decimals, summed in SQL, as on the staff dashboard.
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

/** A breakdown cell (salary range, location) counting fewer employees than this is never published. */
export const MIN_CELL_COUNT = 5;
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
  urlPathChars: 'URL path may contain only letters, digits, - and _ (and must start with a letter or digit)',
  urlPathTaken: 'That URL path is already used by another dashboard',
  httpUrl: 'must be a web address starting with http:// or https://',
  logoUrl: 'School logo URL must be a web address starting with http:// or https://, or an uploaded logo',
  componentOrder: `Component order must list only these keys, each once: ${COMPONENT_KEYS.join(', ')}`,
  nothingToUpdate: 'Nothing to update',
  yearHasNoData: (year: number) => `FY${year} has no budget data to publish`,
  previewLabel: 'Preview — not yet published',
  noDataForYear: (year: number) => `No data available for FY${year}`,
  savedYearsDiffer: 'Warning: Saved years may differ from selection. Please verify.',
  // What Publish asks the admin to confirm before it replaces what residents read.
  zeroBudget: (year: number, budgetYear: string) =>
    `FY${year} from budget year ${budgetYear} has a $0 budget: residents would read a $0 school budget`,
  earlierStage: (year: number, was: string, now: string) =>
    `FY${year} is published as ${was}; publishing ${now} would replace it with an earlier stage`,
  confirmToPublish: 'Publish again with confirm to publish it anyway.',
  notHeldById: (year: number, id: number) => `Budget year ${id} holds no FY${year} budget lines`,
  notPublishedYear: (year: number) => `FY${year} is not among the years to publish`,
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
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** An optional web address named `label` in its message ('Town website URL must be ...'). */
const httpUrlField = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(2000, `${label} must be at most 2000 characters`)
      .refine(isHttpUrl, `${label} ${PUBLIC_DASHBOARD_MESSAGES.httpUrl}`)
      .nullable(),
  );

const logoUrlField = z.preprocess(
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
const fiscalYearNumber = z
  .number({ error: 'Published years must be fiscal years such as 2026' })
  .int('Published years must be fiscal years such as 2026')
  .min(1950, 'Published years must be fiscal years such as 2026')
  .max(2149, 'Published years must be fiscal years such as 2026');

export const publishedYearsSchema = z
  .array(fiscalYearNumber, { error: 'Published years must be a list of fiscal years' })
  .max(20, 'Publish at most 20 years')
  .transform((years) => [...new Set(years)].sort((a, b) => a - b));

/* ------------------------------------------------------------------------------------------------
 * Configuration
 * ---------------------------------------------------------------------------------------------- */

const showFlagFields = Object.fromEntries(SHOW_FLAGS.map((f) => [f, z.boolean()])) as Record<
  ShowFlag,
  z.ZodBoolean
>;

/** GET /public-dashboard/config and the PATCH answer: the public dashboard's configuration. */
export const publicDashboardConfigSchema = z.object({
  id: z.number().int(),
  urlPath: z.string(),
  schoolName: z.string().nullable(),
  schoolLogoUrl: z.string().nullable(),
  townWebsiteUrl: z.string().nullable(),
  schoolWebsiteUrl: z.string().nullable(),
  /** Integer fiscal years, ascending. */
  publishedYears: z.array(z.number().int()),
  isPublished: z.boolean(),
  /** ISO timestamp of the last Publish; null before the first. */
  publishedAt: z.string().nullable(),
  /** Comma-separated component keys. */
  componentOrder: z.string(),
  ...showFlagFields,
  /** Budget data of a published year changed after the last Publish (residents still see the old). */
  dataChangedSincePublish: z.boolean(),
});

export const publicDashboardConfigResponse = z.object({ config: publicDashboardConfigSchema });

/** The full settings the 'Save Settings' button sends. */
export const settingsFields = {
  urlPath: urlPathSchema,
  schoolName: z.preprocess(
    blankToNull,
    z.string().trim().max(200, 'School name must be at most 200 characters').nullable(),
  ),
  schoolLogoUrl: logoUrlField,
  townWebsiteUrl: httpUrlField('Town website URL'),
  schoolWebsiteUrl: httpUrlField('School website URL'),
  publishedYears: publishedYearsSchema,
  componentOrder: componentOrderSchema,
};

/**
 * PATCH /public-dashboard/config/{id}: one show flag ({showSalaryCharts: true}), or the full
 * settings, or any mix of the two. Every field is optional; at least one must be given.
 */
export const updatePublicDashboardConfigBody = z
  .strictObject({
    ...Object.fromEntries(Object.entries(settingsFields).map(([k, s]) => [k, s.optional()])),
    ...Object.fromEntries(SHOW_FLAGS.map((f) => [f, z.boolean().optional()])),
  } as { [K in keyof typeof settingsFields]: z.ZodOptional<(typeof settingsFields)[K]> } & {
    [K in ShowFlag]: z.ZodOptional<z.ZodBoolean>;
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: PUBLIC_DASHBOARD_MESSAGES.nothingToUpdate,
  });

/**
 * POST /public-dashboard/publish/{id}: the years to publish, else the saved publishedYears; and
 * optionally the URL path to publish under (the CLI's --url-path), saved in the same transaction.
 */
export const budgetYearChoiceSchema = z.strictObject({
  fiscalYear: fiscalYearNumber,
  budgetYearId: idNumberWith('budgetYearId must be a positive whole number'),
});
export type BudgetYearChoice = z.infer<typeof budgetYearChoiceSchema>;

/** Which budget year each fiscal year comes from, where the admin chose. */
export const budgetYearChoicesSchema = z
  .array(budgetYearChoiceSchema, { error: 'budgetYears must be a list of {fiscalYear, budgetYearId}' })
  .max(20, 'Choose at most 20 budget years')
  .refine((list) => new Set(list.map((c) => c.fiscalYear)).size === list.length, {
    message: 'Choose one budget year per fiscal year',
  });

export const publishBody = z
  .strictObject({
    publishedYears: publishedYearsSchema.optional(),
    urlPath: urlPathSchema.optional(),
    /**
     * The budget year each fiscal year is published from, where two hold it; absent: the one
     * published now while it still holds the year, else the one named for the year.
     */
    budgetYears: budgetYearChoicesSchema.optional(),
    /**
     * The admin confirmed what Publish otherwise refuses (409): a year whose budget is $0, or one
     * in an earlier stage than residents read now (the preview's `confirmations`).
     */
    confirm: z.boolean({ error: 'confirm must be true or false' }).optional(),
  })
  .optional()
  .transform((b) => b ?? {});

/** What POST /publish answers: the config after publishing and the years it stored. */
export const publishResponse = z.object({
  config: publicDashboardConfigSchema,
  publishedYears: z.array(z.number().int()),
  publishedAt: z.string(),
  /** The public address path: /public/{urlPath}. */
  publicPath: z.string(),
});

/** POST /public-dashboard/upload-logo */
export const uploadLogoResponse = z.object({ url: z.string() });

/* ------------------------------------------------------------------------------------------------
 * Links
 * ---------------------------------------------------------------------------------------------- */

const linkTypeSchema = z.enum(PUBLIC_LINK_TYPES, {
  message: `Link type must be one of: ${PUBLIC_LINK_TYPES.join(', ')}`,
});

const requiredText = (max: number, label: string) =>
  z
    .string({ error: PUBLIC_DASHBOARD_MESSAGES.titleAndUrlRequired })
    .trim()
    .min(1, PUBLIC_DASHBOARD_MESSAGES.titleAndUrlRequired)
    .max(max, `${label} must be at most ${max} characters`);

const linkFields = {
  title: requiredText(200, 'Title'),
  description: z.preprocess(
    blankToNull,
    z.string().trim().max(1000, 'Description must be at most 1000 characters').nullable().optional(),
  ),
  url: requiredText(2000, 'URL'),
  linkType: linkTypeSchema.default('website'),
};

/** A video link's URL must name a YouTube video; any other link must be an http(s) address. */
function checkLinkUrl(link: { url?: string; linkType?: PublicLinkType }, ctx: z.RefinementCtx) {
  if (link.url === undefined) {
    return;
  }
  if (link.linkType === 'video') {
    if (youtubeId(link.url) === null) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: PUBLIC_DASHBOARD_MESSAGES.invalidYoutube });
    }
  } else if (!isHttpUrl(link.url)) {
    ctx.addIssue({ code: 'custom', path: ['url'], message: `URL ${PUBLIC_DASHBOARD_MESSAGES.httpUrl}` });
  }
}

/** POST /public-dashboard/{id}/links */
export const createPublicLinkBody = z
  .strictObject({ ...linkFields, isActive: z.boolean().optional() })
  .superRefine(checkLinkUrl);

/**
 * PATCH /public-dashboard/links/{linkId}: the full link ({title, description, url, linkType}) or
 * just {isActive} for Show/Hide.
 */
export const updatePublicLinkBody = z
  .strictObject({
    title: linkFields.title.optional(),
    description: linkFields.description,
    url: linkFields.url.optional(),
    linkType: linkTypeSchema.optional(),
    isActive: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: PUBLIC_DASHBOARD_MESSAGES.nothingToUpdate,
  })
  .refine((b) => (b.title === undefined) === (b.url === undefined), {
    message: PUBLIC_DASHBOARD_MESSAGES.titleAndUrlRequired,
    path: ['url'],
  })
  .superRefine(checkLinkUrl);

export const linkIdParams = z.strictObject({ linkId: idText });

export const publicLinkSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  url: z.string(),
  linkType: linkTypeSchema,
  /** The YouTube video id of a video link, else null. */
  videoId: z.string().nullable(),
  isActive: z.boolean(),
  displayOrder: z.number().int(),
});

export const publicLinksResponse = z.object({ links: z.array(publicLinkSchema) });
export const publicLinkResponse = z.object({ link: publicLinkSchema });

/* ------------------------------------------------------------------------------------------------
 * The public view: the privacy contract. Aggregates only; every object strict.
 * ---------------------------------------------------------------------------------------------- */

export const urlPathParams = z.strictObject({ urlPath: z.string().max(200) });

/** A salary range with at least MIN_CELL_COUNT employees, or the 'Other' row of the rest. */
export const publicSalaryBucketSchema = z.strictObject({
  /** '$60k-$70k' (the staff dashboard's label), or 'Other' for the suppressed ranges together. */
  range: z.string(),
  /** Lower bound in dollars; null on the 'Other' row. */
  rangeStart: z.number().nullable(),
  count: z.number().int(),
  isOther: z.boolean(),
});

export const publicLocationSchema = z.strictObject({
  /** A building's name, 'District Wide', or 'Other' for the suppressed locations together. */
  location: z.string(),
  count: z.number().int(),
  /** Exact, or rounded to SALARY_ROUNDING_DOLLARS when salaryRounded (docs/PRIVACY.md). */
  totalSalary: moneyOut,
  isOther: z.boolean(),
  /**
   * The head count moved by fewer than MIN_CELL_COUNT since an exact Publish of this year, so the
   * total is rounded: subtracting the two would give one person's salary. Absent in older snapshots.
   */
  salaryRounded: z.boolean().optional(),
});

export const publicDeseFunctionSchema = z.strictObject({
  /** A DESE function code such as '2305'. */
  code: z.string(),
  name: z.string(),
  amount: moneyOut,
});

/** A DESE spending category of the End-of-Year Report (Teachers, Administration, ...). */
export const publicDeseCategorySchema = z.strictObject({
  /** 'Teachers', 'Administration', ...; 'No DESE function code' for lines without a known code. */
  name: z.string(),
  amount: moneyOut,
  functions: z.array(publicDeseFunctionSchema),
});

export const publicYearDataSchema = z.strictObject({
  fiscalYear: z.number().int(),
  /** When this year's figures were taken (the Publish that stored them). */
  publishedAt: z.string(),
  /** The proposed budget, exactly as the staff dashboard totals it. */
  totalBudget: moneyOut,
  /** The town's dollar goal for the year; 0 when it has none. */
  townGoal: moneyOut,
  hasTownGoal: z.boolean(),
  /** townGoal - totalBudget (budget-math's guidance gap): below zero the budget is over the goal. */
  guidanceGap: moneyOut,
  categoryBreakdown: z.array(
    z.strictObject({ name: z.string(), amount: moneyOut, itemCount: z.number().int(), color: z.string() }),
  ),
  buildingBreakdown: z.array(z.strictObject({ name: z.string(), amount: moneyOut })),
  /** Null when the salary charts are switched off: what is not shown is not sent (docs/PRIVACY.md). */
  salaryData: z
    .strictObject({
      teachers: z.array(publicSalaryBucketSchema),
      paras: z.array(publicSalaryBucketSchema),
    })
    .nullable(),
  /** Null when the head count chart is switched off. */
  locationData: z
    .strictObject({
      locations: z.array(publicLocationSchema),
      /** Null when the year has fewer than MIN_CELL_COUNT employees in all (withheld). */
      totalEmployees: z.number().int().nullable(),
      totalSalaries: moneyOut.nullable(),
      /** totalSalaries is rounded, as a location's salaryRounded. Absent in older snapshots. */
      totalSalariesRounded: z.boolean().optional(),
    })
    .nullable(),
  /** Spending per enrolled pupil; null when the district has entered no enrollment. */
  perPupil: z
    .strictObject({
      enrollment: z.number().int(),
      total: moneyOut,
      byCategory: z.array(z.strictObject({ name: z.string(), amount: moneyOut })),
    })
    .nullable(),
  /**
   * Spending per pupil by DESE's method: the budget over the year's foundation enrollment (a state
   * figure); null without the year's state figures, absent in snapshots from before.
   */
  perPupilDese: z
    .strictObject({
      foundationEnrollment: z.number(),
      total: moneyOut,
      /**
       * Each DESE spending category of deseBreakdown over the foundation enrollment,
       * as the staff dashboard's per-pupil card; empty when the category chart is off.
       */
      byCategory: z.array(z.strictObject({ name: z.string(), perPupil: moneyOut })).optional(),
    })
    .nullable()
    .optional(),
  /** The budget by DESE function code, grouped as the End-of-Year Report groups it. */
  deseBreakdown: z.array(publicDeseCategorySchema),
  /** Projected (not yet adopted) staff are counted in the staffing figures. */
  includesProjectedEmployees: z.boolean(),
  /**
   * The budget stage the year's figures were in at Publish ('School Committee Adopted'), shown as
   * 'School Committee Adopted budget'; null for a year still in Draft. Snapshots stored before
   * stages existed lack it; the view always sends it (null for those).
   */
  stageLabel: z.string().nullable().optional(),
  /** The stage's key ('REVISED'), which names the headline ('Revised school budget'); null in Draft. */
  stage: z.enum(BUDGET_STAGES).nullable().optional(),
  /** 'School Committee Adopted, voted March 12, 2026': the stage with its date; null in Draft. */
  stageCaption: z.string().nullable().optional(),
});

export const publicViewLinkSchema = z.strictObject({
  title: z.string(),
  description: z.string().nullable(),
  url: z.string(),
  linkType: linkTypeSchema,
  videoId: z.string().nullable(),
});

/** GET /public-dashboard/view/{urlPath} (no sign-in). */
export const publicViewResponse = z.strictObject({
  urlPath: z.string(),
  schoolName: z.string().nullable(),
  schoolLogoUrl: z.string().nullable(),
  townWebsiteUrl: z.string().nullable(),
  schoolWebsiteUrl: z.string().nullable(),
  /** Every component key in the configured order. */
  componentOrder: z.array(z.enum(COMPONENT_KEYS)),
  /** The components to show, in the configured order (componentOrder filtered by the show flags). */
  visibleComponents: z.array(z.enum(COMPONENT_KEYS)),
  /** Published fiscal years, ascending. */
  years: z.array(z.number().int()),
  /** Per-year figures keyed by the year ('2026'); a year without data is null. */
  data: z.record(z.string(), publicYearDataSchema.nullable()),
  /** Active custom links, in display order. */
  links: z.array(publicViewLinkSchema),
  publishedAt: z.string(),
});

/** GET /public-dashboard/view/{urlPath}/data.csv */
export const publicCsvQuery = z.strictObject({
  year: z.coerce
    .number({ error: 'year must be a fiscal year such as 2026' })
    .int('year must be a fiscal year such as 2026')
    .min(1950, 'year must be a fiscal year such as 2026')
    .max(2149, 'year must be a fiscal year such as 2026')
    .optional(),
});

/* ------------------------------------------------------------------------------------------------
 * Types
 * ---------------------------------------------------------------------------------------------- */

export type PublicDashboardConfig = z.infer<typeof publicDashboardConfigSchema>;
export type UpdatePublicDashboardConfigBody = z.infer<typeof updatePublicDashboardConfigBody>;
export type PublishBody = z.infer<typeof publishBody>;
export type PublishResponse = z.infer<typeof publishResponse>;
export type UploadLogoResponse = z.infer<typeof uploadLogoResponse>;
export type CreatePublicLinkBody = z.infer<typeof createPublicLinkBody>;
export type UpdatePublicLinkBody = z.infer<typeof updatePublicLinkBody>;
export type PublicLink = z.infer<typeof publicLinkSchema>;
export type PublicSalaryBucket = z.infer<typeof publicSalaryBucketSchema>;
export type PublicLocation = z.infer<typeof publicLocationSchema>;
export type PublicDeseCategory = z.infer<typeof publicDeseCategorySchema>;
export type PublicYearData = z.infer<typeof publicYearDataSchema>;
export type PublicViewLink = z.infer<typeof publicViewLinkSchema>;
export type PublicView = z.infer<typeof publicViewResponse>;
