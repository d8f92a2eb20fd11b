import type { Command } from 'commander';
import { formatNumber } from '@shared/money';
import type { AppContext } from '@server/context';
import { notFound } from '@server/errors';
import type { Actor } from '@server/policies/index';
import { applyCrosswalk, crosswalk as service } from '@server/domains/massachusetts';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import {
  applyBody,
  createRuleBody,
  MATCH_TYPES,
  ruleParams,
  updateRuleBody,
  type ApplyResult,
  type CrosswalkRule,
} from '@shared/schemas/crosswalk';
import { withCli } from '../context';
import { budgetYearOrDefault, fundNamed, workGroupNamed } from '../lookups';
import { noteLockedLines, parseFlags, printJson, printRows } from '../output';
import { categoryId } from './positions-lookups';

interface RuleFlags {
  match?: string;
  pattern?: string;
  workGroup?: string;
  category?: string;
  code?: string;
  fund?: string;
  note?: string;
  budgetYear?: string;
  fiscalYear?: string;
  json?: boolean;
}

/** The flag each body field is typed as, so the API's refusals name what the person typed. */
const FLAGS = {
  matchType: '--match',
  pattern: '--pattern',
  workGroupId: '--work-group',
  categoryId: '--category',
  deseCode: '--code',
  fundId: '--fund',
  note: '--note',
  budgetYearId: '--budget-year',
  fiscalYear: '--fiscal-year',
};

/** A flag as a value: not given stays undefined (update keeps the rule's), 'none' clears it. */
async function valueOf<T>(
  text: string | undefined,
  resolve: (text: string) => T | Promise<T>,
): Promise<T | null | undefined> {
  if (text === undefined) {
    return undefined;
  }
  return text.trim().toLowerCase() === 'none' ? null : resolve(text);
}

/**
 * The API's body (POST and PUT take the same) from the flags, names resolved to ids, and for
 * update the rule's own values where a flag is not given, since PUT replaces the whole rule. The
 * pattern is checked, as the web screen checks it, against the employee lines of a budget year's
 * fiscal year: --budget-year and --fiscal-year, else the default year and its current fiscal year.
 */
async function bodyOf(app: AppContext, actor: Actor, opts: RuleFlags, rule?: CrosswalkRule) {
  const keep = <T>(given: T | null | undefined, old: T | null | undefined) =>
    given === undefined ? old : given;
  const year = await budgetYearOrDefault(app, actor, opts.budgetYear, opts.fiscalYear);
  const body = {
    matchType: opts.match ?? rule?.matchType,
    pattern: opts.pattern ?? rule?.pattern,
    workGroupId: keep(
      await valueOf(opts.workGroup, async (name) => (await workGroupNamed(app, actor, name)).id),
      rule?.workGroupId,
    ),
    categoryId: keep(await valueOf(opts.category, (name) => categoryId(app, actor, name)), rule?.categoryId),
    deseCode: keep(await valueOf(opts.code, (code) => code), rule?.deseCode),
    fundId: keep(await valueOf(opts.fund, (name) => fundNamed(app, actor, name)), rule?.fundId),
    note: keep(await valueOf(opts.note, (note) => note), rule?.note),
    budgetYearId: year.id,
    fiscalYear: opts.fiscalYear ?? year.currentFiscalYear ?? undefined,
  };
  return parseFlags(rule ? updateRuleBody : createRuleBody, body, FLAGS);
}

/** What a rule gives a title, in words: 'work group Teachers, category Teachers, 2305 ...'. */
function gives(r: CrosswalkRule): string {
  return [
    r.workGroup && `work group ${r.workGroup}`,
    r.category && `category ${r.category}`,
    r.deseCode && `${r.deseCode} ${r.deseName ?? '(not in the chart)'}`,
    r.fund && `fund ${r.fund}`,
  ]
    .filter(Boolean)
    .join(', ');
}

function printRule(rule: CrosswalkRule, verb: string, json: boolean | undefined): void {
  if (json) {
    printJson(rule);
    return;
  }
  process.stdout.write(`${verb} rule ${rule.id}: ${rule.matchType} '${rule.pattern}' → ${gives(rule)}\n`);
}

/** The flags of `add` and `update`: a new rule must say how it matches and what (`required`). */
function withOptions(cmd: Command, required: boolean): Command {
  const rule = (flags: string, description: string) =>
    required ? cmd.requiredOption(flags, description) : cmd.option(flags, description);
  rule('--match <type>', `how the pattern matches a title: ${MATCH_TYPES.join(', ')}`);
  rule('--pattern <text>', 'the job title, a pattern (* and ?) or a regular expression');
  return cmd
    .option('--work-group <name>', "the work group the title's lines get ('none' clears it)")
    .option('--category <name>', "a personnel budget category, by name or id ('none' clears it)")
    .option('--code <dese>', "the DESE function code, e.g. 2305 ('none' clears it)")
    .option(
      '--fund <code>',
      "the fund that pays an imported row naming none, by code or name ('none' clears it)",
    )
    .option('--note <text>', "why ('none' clears it)")
    .option(
      '--budget-year <label>',
      'budget year whose lines the pattern must match (default: the web app’s)',
    )
    .option(
      '--fiscal-year <year>',
      'fiscal year of those lines, e.g. FY2026 (default: the budget year’s current one)',
    )
    .option('--json', 'print JSON');
}

/** What Apply changed (or a dry run would): '486 employee lines (work group 486, ...) and 486 positions'. */
function applied(r: ApplyResult, year: string): string {
  const fields = [
    r.changes.workGroup && `work group ${formatNumber(r.changes.workGroup)}`,
    r.changes.category && `category ${formatNumber(r.changes.category)}`,
    r.changes.deseCode && `DESE code ${formatNumber(r.changes.deseCode)}`,
  ].filter(Boolean);
  const lines = `${formatNumber(r.changedLines)} ${year} employee line(s)${fields.length ? ` (${fields.join(', ')})` : ''}`;
  const flags = r.clearedFlags ? `; ${formatNumber(r.clearedFlags)} review flag(s) cleared` : '';
  return `${lines} and ${formatNumber(r.changedPositions)} position(s)${flags}`;
}

/** budget-cli crosswalk: the position crosswalk's rules, as the Position Crosswalk screen keeps them (ADMIN). */
export function registerCrosswalkCommands(program: Command): void {
  const cmd = program
    .command('crosswalk')
    .description(
      'Position crosswalk: rules giving a payroll title its work group, category, DESE code and fund',
    );

  cmd
    .command('list')
    .description('List the rules, exact titles first')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        const { rules } = await service.listRules(app, actor);
        printRows(
          opts.json
            ? rules
            : rules.map((r) => ({
                id: r.id,
                match: r.matchType,
                pattern: r.pattern,
                'work group': r.workGroup,
                category: r.category,
                code: r.deseCode,
                function: r.deseName,
                fund: r.fund,
                specificity: r.specificity,
                note: r.note,
              })),
          Boolean(opts.json),
        );
      });
    });

  withOptions(cmd.command('add'), true)
    .description(
      'Add a rule (same checks as POST /api/crosswalk/rules: the pattern must match a title of the year)',
    )
    .action(async (opts: RuleFlags) => {
      await withCli(program.opts().as, async ({ app, actor }) => {
        const body = await bodyOf(app, actor, opts);
        printRule((await service.createRule(app, actor, body)).rule, 'Added', opts.json);
      });
    });

  withOptions(cmd.command('update').argument('<id>', 'rule id, from `crosswalk list`'), false)
    .description(
      'Change a rule (same checks as PUT /api/crosswalk/rules/:id); flags not given keep their value',
    )
    .action(async (id: string, opts: RuleFlags) => {
      const ruleId = parseFlags(ruleParams, { id }, { id: '<id>' }).id;
      await withCli(program.opts().as, async ({ app, actor }) => {
        const rule = (await service.listRules(app, actor)).rules.find((r) => r.id === ruleId);
        if (!rule) {
          throw notFound('Crosswalk rule');
        }
        const body = await bodyOf(app, actor, opts, rule);
        printRule((await service.updateRule(app, actor, ruleId, body)).rule, 'Updated', opts.json);
      });
    });

  // The second half of the crosswalk: rules are written from a year's imported titles, so only
  // Apply gives those lines (and the positions the import made from them) what the rules say.
  cmd
    .command('apply')
    .description(
      'Give a year’s employee lines and positions what the rules say (as POST /api/crosswalk/apply): only what they lack unless --overwrite',
    )
    .option('--budget-year <label>', 'budget year (default: the web app’s)')
    .option('--fiscal-year <year>', 'fiscal year, e.g. FY2026 (default: the budget year’s current one)')
    .option(
      '--rule <id>',
      'only this rule (repeat for more; default: every rule)',
      (v, all: string[] = []) => [...all, v],
    )
    .option('--overwrite', 'replace values the lines and positions already have')
    .option('--dry-run', 'count what would change; nothing is written')
    .option('--json', 'print JSON')
    .action(
      async (opts: {
        budgetYear?: string;
        fiscalYear?: string;
        rule?: string[];
        overwrite?: boolean;
        dryRun?: boolean;
        json?: boolean;
      }) => {
        await withCli(program.opts().as, async ({ app, actor }) => {
          const year = await budgetYearOrDefault(app, actor, opts.budgetYear, opts.fiscalYear);
          const body = parseFlags(
            applyBody,
            {
              budgetYearId: year.id,
              fiscalYear: opts.fiscalYear ?? year.currentFiscalYear ?? undefined,
              ruleIds: opts.rule?.map((id) => parseFlags(ruleParams, { id }, { id: '--rule' }).id),
              overwrite: opts.overwrite,
              dryRun: opts.dryRun,
            },
            { budgetYearId: '--budget-year', fiscalYear: '--fiscal-year', ruleIds: '--rule' },
          );
          const res = await applyCrosswalk(app, actor, body);
          if (opts.json) {
            printJson(res);
            noteLockedLines(res);
            return;
          }
          const label = fiscalYearLabel(body.fiscalYear);
          process.stdout.write(
            res.dryRun
              ? `Dry run (nothing saved): applying the rules would change ${applied(res, label)}.\n`
              : `Applied the rules: changed ${applied(res, label)}.\n`,
          );
          noteLockedLines(res);
        });
      },
    );

  cmd
    .command('remove')
    .argument('<id>', 'rule id, from `crosswalk list`')
    .description('Delete a rule (lines keep what it gave them)')
    .option('--json', 'print JSON')
    .action(async (id: string, opts: { json?: boolean }) => {
      const ruleId = parseFlags(ruleParams, { id }, { id: '<id>' }).id;
      await withCli(program.opts().as, async ({ app, actor }) => {
        const res = await service.deleteRule(app, actor, ruleId);
        if (opts.json) {
          printJson(res);
          return;
        }
        process.stdout.write(`${res.message}\n`);
      });
    });
}
