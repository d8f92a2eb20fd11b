import type { Command } from 'commander';
import { formatDateTime } from '@shared/day-words';
import { fiscalYearLabel as label, parseFiscalYear } from '@shared/schemas/fiscal-year';
import {
  PUBLIC_DASHBOARD_MESSAGES as M,
  publishBody,
  type PublicDashboardConfig,
} from '@shared/schemas/public-dashboard';
import { SECTION_NAMES, type PublicPreview } from '@shared/schemas/public-dashboard-preview';
import { formatMoneyCents } from '@shared/money';
import { PUBLISHED_LABEL, previewIsPublished } from '@shared/publish-words';
import { publicDashboard as service } from '@server/domains/public-dashboard';
import { previewDashboard } from '@server/domains/public-dashboard';
import { AppError } from '@server/errors';
import type { AppContext } from '@server/context';
import type { Actor } from '@server/policies/index';
import { withCli } from '../context';
import { budgetYearNamed } from '../lookups';
import { parseFlags, printJson } from '../output';

/** '2026,FY27' -> [2026, 2027]; a part that is no fiscal year stays text for the schema to refuse. */
const yearList = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => parseFiscalYear(part) ?? part);

/**
 * '--budget-year 2027=FY26,2028=FY28': which budget year each fiscal year is published from, by
 * the budget years' labels as the web app shows them.
 */
async function budgetYearChoices(app: AppContext, actor: Actor, text: string | undefined) {
  if (text === undefined) {
    return undefined;
  }
  const choices = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [year, budgetYear] = part.split('=').map((p) => p.trim());
    const fiscalYear = parseFiscalYear(year ?? '');
    if (fiscalYear === null || !budgetYear) {
      throw new AppError(
        400,
        'VALIDATION_FAILED',
        `--budget-year: '${part}' is not FISCAL_YEAR=BUDGET_YEAR, e.g. 2027=FY26`,
      );
    }
    choices.push({ fiscalYear, budgetYearId: (await budgetYearNamed(app, actor, budgetYear)).id });
  }
  return choices;
}

/** The 409 asking for confirmation, worded with the CLI's flag. */
function withConfirmFlag(err: unknown): unknown {
  return err instanceof AppError && err.code === 'CONFIRMATION_REQUIRED'
    ? new AppError(
        err.status,
        err.code,
        err.message.replace(M.confirmToPublish, 'Run publish again with --confirm to publish it anyway.'),
        err.details,
      )
    : err;
}

function statusLines(config: PublicDashboardConfig, publicPath: string): string {
  const years = config.publishedYears.map(label).join(', ') || '(none)';
  return [
    `Public address:   ${publicPath}`,
    `Published:        ${config.isPublished ? `yes, at ${formatDateTime(config.publishedAt)}` : 'no'}`,
    `Published years:  ${years}`,
    `Data changed since the last Publish: ${config.dataChangedSincePublish ? 'yes (publish again to show it)' : 'no'}`,
  ].join('\n');
}

/** The preview as text: what residents would see, what it changes, and why Publish would refuse. */
function previewLines(p: PublicPreview): string {
  const list = (items: string[], none: string) =>
    items.length ? items.map((i) => `  - ${i}`) : [`  ${none}`];
  const years = p.years.map((y) => {
    const d = p.data[String(y)];
    const source = p.sources.find((s) => s.fiscalYear === y);
    const from = source?.options.find((o) => o.budgetYearId === source.budgetYearId);
    return d
      ? `  ${label(y)}: ${from ? `budget year ${from.budgetYearLabel}, ${from.stageCaption}` : d.stageLabel ? `${d.stageLabel} budget` : 'proposed budget'}, ${formatMoneyCents(d.totalBudget)}`
      : `  ${label(y)}: no budget data`;
  });
  return [
    `${previewIsPublished(p) ? PUBLISHED_LABEL : M.previewLabel}: /public/${p.urlPath}`,
    `School name:  ${p.schoolName ?? '(none)'}`,
    `Sections:     ${p.visibleComponents.map((key) => SECTION_NAMES[key]).join(', ') || '(none)'}`,
    `Links:        ${p.links.map((l) => l.title).join(', ') || '(none)'}`,
    'Years:',
    ...(years.length ? years : ['  (none)']),
    `Changes since the last Publish${p.lastPublishedAt ? ` (${formatDateTime(p.lastPublishedAt)})` : ''}:`,
    ...list(p.changes, '(none)'),
    'Publish would be refused for:',
    ...list(p.problems, '(nothing)'),
    'Publish would ask you to confirm (--confirm):',
    ...list(p.confirmations, '(nothing)'),
  ].join('\n');
}

interface PublishOptions {
  years?: string;
  urlPath?: string;
  budgetYear?: string;
  confirm?: boolean;
  status?: boolean;
  json?: boolean;
}

/**
 * `publish --years 2026,2027 [--url-path PATH]`, `publish --status` and `publish preview`: the
 * Public Dashboard's Publish button, status and preview, through the same services (a snapshot of
 * each year's public figures and of the settings, in one transaction).
 */
export function registerPublishCommands(program: Command): void {
  const publish = program
    .command('publish')
    .description(
      'Publish the public dashboard (a snapshot of each year’s public figures), or show its status',
    )
    .option('--years <years>', 'fiscal years to publish, e.g. 2026,2027 (default: the saved years)')
    .option('--url-path <path>', 'publish at /public/<path> (letters, digits, - and _)')
    .option(
      '--budget-year <choices>',
      "the budget year each fiscal year comes from, e.g. 2027=FY26: it must be the year's one home (the default)",
    )
    .option('--confirm', 'publish a $0 year, or a year in an earlier stage than residents read now')
    .option('--status', 'show what is published, without publishing')
    .option('--json', 'print JSON')
    .action(async (opts: PublishOptions) => {
      if (opts.status) {
        await withCli(program.opts().as, async ({ app, actor }) => {
          const status = await service.publishStatus(app, actor);
          if (opts.json) {
            printJson(status);
          } else {
            process.stdout.write(`${statusLines(status.config, status.publicPath)}\n`);
          }
        });
        return;
      }
      const body = parseFlags(
        publishBody,
        {
          ...(opts.years === undefined ? {} : { publishedYears: yearList(opts.years) }),
          ...(opts.urlPath === undefined ? {} : { urlPath: opts.urlPath }),
          ...(opts.confirm ? { confirm: true } : {}),
        },
        { publishedYears: '--years', budgetYears: '--budget-year', confirm: '--confirm' },
      );
      await withCli(program.opts().as, async ({ app, actor }) => {
        const id = await service.configId(app, actor);
        const budgetYears = await budgetYearChoices(app, actor, opts.budgetYear);
        const result = await service
          .publish(app, actor, id, { ...body, ...(budgetYears ? { budgetYears } : {}) })
          .catch((err: unknown) => {
            throw withConfirmFlag(err);
          });
        if (opts.json) {
          printJson(result);
        } else {
          process.stdout.write(
            `Published ${result.publishedYears.map(label).join(', ')} at ${result.publicPath} (${formatDateTime(result.publishedAt)}).\n${result.sources
              .map((s) => `  ${label(s.fiscalYear)}: budget year ${s.budgetYearLabel}, ${s.stageCaption}\n`)
              .join('')}`,
          );
        }
      });
    });
  publish
    .command('preview')
    .description(
      'What residents would see if Publish ran now (saved settings and links, current figures), what changes, and why Publish would refuse',
    )
    .option('--years <years>', 'fiscal years to preview, e.g. 2026,2027 (default: the saved years)')
    .option('--budget-year <choices>', 'the budget year each fiscal year comes from, e.g. 2027=FY26')
    .option('--json', 'print JSON')
    .action(async (_opts: unknown, command: Command) => {
      // publish's own --years and --json take the flags wherever they are typed: read both.
      const opts = command.optsWithGlobals<{ years?: string; budgetYear?: string; json?: boolean }>();
      const body = parseFlags(
        publishBody,
        opts.years === undefined ? {} : { publishedYears: yearList(opts.years) },
        { publishedYears: '--years' },
      );
      await withCli(program.opts().as, async ({ app, actor }) => {
        const budgetYears = await budgetYearChoices(app, actor, opts.budgetYear);
        const preview = await previewDashboard(app, actor, { years: body.publishedYears, budgetYears });
        if (opts.json) {
          printJson(preview);
        } else {
          process.stdout.write(`${previewLines(preview)}\n`);
        }
      });
    });
}
