import { z } from 'zod';
import { idNumberWith, idText } from './common';
import { BUDGET_STAGES } from './budget-stages';
import { FUND_CHOICES, fundChoiceInput } from './fund-choice';
import {
  PUBLIC_DASHBOARD_MESSAGES,
  SHOW_FLAGS,
  blankToNull,
  componentOrderSchema,
  fiscalYearNumber,
  httpUrlField,
  isHttpUrl,
  linkTypeSchema,
  logoUrlField,
  publishedYearsSchema,
  urlPathSchema,
  youtubeId,
  type PublicLinkType,
  type ShowFlag,
} from './public-dashboard-fields';

// The constants, field rules and public view live beside this file; every name stays importable here.
export * from './public-dashboard-fields';
export * from './public-dashboard-view';

/**
 * The public dashboard: the admin's configuration and links, and the publish call. The public view
 * residents read with no sign-in is in public-dashboard-view.ts.
 */

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
  /** Whose lines residents' figures sum from the next Publish: every fund's, or the general fund's alone. */
  funds: z.enum(FUND_CHOICES),
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
 * PATCH /public-dashboard/config/{id}: one show flag ({showSalaryCharts: true}), the fund choice
 * ({funds: 'general'}), or the full settings, or any mix. Every field is optional; at least one
 * must be given.
 */
export const updatePublicDashboardConfigBody = z
  .strictObject({
    ...Object.fromEntries(Object.entries(settingsFields).map(([k, s]) => [k, s.optional()])),
    ...Object.fromEntries(SHOW_FLAGS.map((f) => [f, z.boolean().optional()])),
    funds: fundChoiceInput.optional(),
  } as { [K in keyof typeof settingsFields]: z.ZodOptional<(typeof settingsFields)[K]> } & {
    [K in ShowFlag]: z.ZodOptional<z.ZodBoolean>;
  } & { funds: z.ZodOptional<typeof fundChoiceInput> })
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
     * The budget year each fiscal year is published from. A fiscal year has one home budget year
     * (docs/ARCHITECTURE.md): a choice must name it (400 otherwise); absent, the home is used.
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

/** Where a published year came from: its home budget year and the stage it was published in. */
export const publishedSourceSchema = z.object({
  fiscalYear: z.number().int(),
  budgetYearId: z.number().int(),
  /** The budget year's label ('FY26'). */
  budgetYearLabel: z.string(),
  stage: z.enum(BUDGET_STAGES),
  /** The stage's date (YYYY-MM-DD), null for a Draft never recorded. */
  stageDate: z.string().nullable(),
  /** 'School Committee Adopted, voted March 12, 2026' or 'Draft'. */
  stageCaption: z.string(),
});

/** What POST /publish answers: the config after publishing and the years it stored. */
export const publishResponse = z.object({
  config: publicDashboardConfigSchema,
  publishedYears: z.array(z.number().int()),
  /** Each published year's budget year and stage, in the order of publishedYears. */
  sources: z.array(publishedSourceSchema),
  publishedAt: z.string(),
  /** The public address path: /public/{urlPath}. */
  publicPath: z.string(),
});

/** POST /public-dashboard/upload-logo */
export const uploadLogoResponse = z.object({ url: z.string() });

/* ------------------------------------------------------------------------------------------------
 * Links
 * ---------------------------------------------------------------------------------------------- */

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
 * Types
 * ---------------------------------------------------------------------------------------------- */

export type PublicDashboardConfig = z.infer<typeof publicDashboardConfigSchema>;
export type UpdatePublicDashboardConfigBody = z.infer<typeof updatePublicDashboardConfigBody>;
export type PublishBody = z.infer<typeof publishBody>;
export type PublishResponse = z.infer<typeof publishResponse>;
export type PublishedSource = z.infer<typeof publishedSourceSchema>;
export type UploadLogoResponse = z.infer<typeof uploadLogoResponse>;
export type CreatePublicLinkBody = z.infer<typeof createPublicLinkBody>;
export type UpdatePublicLinkBody = z.infer<typeof updatePublicLinkBody>;
export type PublicLink = z.infer<typeof publicLinkSchema>;
