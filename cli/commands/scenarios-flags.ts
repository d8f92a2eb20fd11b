import { z } from 'zod';
import type { AppContext } from '@server/context';
import { AppError } from '@server/errors';
import type { Actor } from '@server/policies/index';
import { isPercent, toCents } from '@shared/schemas/common';
import { PERCENT_MESSAGE, type CutScenario } from '@shared/schemas/cut-scenarios';
import { fiscalYearInput, fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { cutScenarios as cuts } from '@server/domains/planning';
import { parseFlags } from '../output';

/** What the flags and arguments of `scenarios` (./scenarios.ts) name: a fiscal year, a scenario, cuts. */

/** --fiscal-year as the API reads it ('2027', 'FY27', '2026-2027'); a refusal names the flag. */
export const fiscalYearFlag = (text: string | undefined): number | undefined =>
  parseFlags(z.object({ 'fiscal-year': fiscalYearInput.optional() }), { 'fiscal-year': text })['fiscal-year'];

/** The scenario a name means (case-insensitive) in a budget year (and fiscal year), or null; a name used in several years is refused. */
export async function scenarioNamed(
  app: AppContext,
  actor: Actor,
  year: { id: number; fiscalYear: string },
  name: string,
  fiscalYear: number | undefined,
): Promise<CutScenario | null> {
  const { scenarios } = await cuts.listCutScenarios(app, actor, year.id, fiscalYear);
  const matches = scenarios.filter((s) => s.name.toLowerCase() === name.trim().toLowerCase());
  if (matches.length > 1) {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      `Invalid input:\n  --fiscal-year: ${name} exists in ${matches.map((s) => fiscalYearLabel(s.fiscalYear)).join(', ')}; name the fiscal year`,
    );
  }
  return matches[0] ?? null;
}

/** 404 naming the scenarios the budget year (and fiscal year) has. */
export async function unknownScenario(
  app: AppContext,
  actor: Actor,
  year: { id: number; fiscalYear: string },
  name: string,
  fiscalYear: number | undefined,
): Promise<AppError> {
  const { scenarios } = await cuts.listCutScenarios(app, actor, year.id, fiscalYear);
  const where = `${year.fiscalYear}${fiscalYear === undefined ? '' : ` ${fiscalYearLabel(fiscalYear)}`}`;
  return new AppError(
    404,
    'NOT_FOUND',
    `No cut scenario ${name} in ${where} (there are: ${scenarios.map((s) => s.name).join(', ') || 'none'})`,
  );
}

interface CutFlag {
  /** The flag as typed. */
  text: string;
  category: string;
  /** Percent to cut, in hundredths (2500 = 25%). */
  cutHundredths: bigint;
}

/**
 * `--cut CATEGORY=PERCENT`: PERCENT is the share of the category to CUT, as people say it
 * ('Supplies=25' cuts a quarter: each line keeps 75%); '25%' is read the same. 0 to 100 with at most
 * 2 decimals, through the API's own percent rule; the category name is the text before the last '='.
 */
export function parseCuts(values: string[]): CutFlag[] {
  /** One --cut value through a schema, so a refusal reads `--cut: <message>`. */
  const flag = <T>(schema: z.ZodType<T>, value: unknown) =>
    parseFlags(z.object({ cut: schema }), { cut: value }).cut;
  flag(z.array(z.string()).min(1, 'Name at least one cut, e.g. --cut Supplies=25'), values);
  const parsed = values.map((text) => {
    const at = text.lastIndexOf('=');
    const category = at < 0 ? '' : text.slice(0, at).trim();
    const raw = at < 0 ? '' : text.slice(at + 1).trim();
    const number = /^\d+(\.\d+)?\s*%?$/.test(raw) ? Number(raw.replace('%', '').trim()) : raw;
    const name = flag(
      z.string().min(1, `${text}: write each cut as CATEGORY=PERCENT, e.g. --cut Supplies=25`),
      category,
    );
    const percent = flag(
      z
        .number({ error: `${text}: ${PERCENT_MESSAGE} (the percent to cut)` })
        .refine(isPercent, `${text}: ${PERCENT_MESSAGE} (the percent to cut)`),
      number,
    );
    return { text, category: name, cutHundredths: toCents(percent)! };
  });
  const seen = new Set<string>();
  for (const c of parsed) {
    const key = c.category.toLowerCase();
    if (seen.has(key)) {
      throw new AppError(400, 'VALIDATION_FAILED', `Invalid input:\n  --cut: ${c.category} is named twice`);
    }
    seen.add(key);
  }
  return parsed;
}
