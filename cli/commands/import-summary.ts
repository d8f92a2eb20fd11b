import { fiscalYearLabel } from '@shared/budget-math';
import { formatDecimalMoney as dollars, formatMoneyCents as money } from '@shared/money';
import {
  RESULT_ERRORS_SHOWN,
  RESULT_WARNINGS_SHOWN,
  openPositionsText,
  rulesDisagreeText,
  type ImportResult,
  type ImportType,
  type Reconciliation,
} from '@shared/schemas/import';
import { addedToYearText, nextYearSalariesText } from '@shared/import-words';

const count = (n: number) => n.toLocaleString('en-US');
const fy = fiscalYearLabel;

/** The reconciliation as text: file sum, stored sum, each difference, the file's own total. */
export function reconciliationLines(r: Reconciliation): string[] {
  const out = [`Reconciliation of ${r.column || r.field} (${r.field}):`];
  out.push(`  File sum:     ${dollars(r.fileSum)}`);
  out.push(`  Stored sum:   ${money(r.storedSum)}`);
  if (r.differenceCount) {
    out.push(`  Differences:  ${dollars(r.differenceTotal)} in ${count(r.differenceCount)} row(s):`);
    for (const d of r.differences.slice(0, RESULT_WARNINGS_SHOWN)) {
      out.push(
        `    Row ${d.row}${d.name ? ` ${d.name}` : ''}: file ${dollars(d.fileAmount)}, stored ${money(d.storedAmount)} (${d.reason})`,
      );
    }
    if (r.differenceCount > RESULT_WARNINGS_SHOWN) {
      out.push(`    ... and ${count(r.differenceCount - RESULT_WARNINGS_SHOWN)} more (--json lists 100)`);
    }
    const held = openPositionsText(r);
    if (held) {
      out.push(`    ${held}`);
    }
  }
  out.push(
    r.balanced
      ? '  Balanced: file sum = stored sum + differences, to the cent.'
      : `  DOES NOT BALANCE: ${dollars(r.unexplained)} unexplained.`,
  );
  if (r.unreadableCount) {
    out.push(`  ${count(r.unreadableCount)} row(s) hold no readable amount (see the warnings).`);
  }
  if (r.fileTotal) {
    const t = r.fileTotal;
    out.push(
      `  The file's own total (row ${t.row}, '${t.label}'): ${dollars(t.amount)}, ${
        t.matches
          ? 'equal to the stored sum'
          : `the stored sum differs by ${dollars(t.difference)} (total − stored)`
      }.`,
    );
  }
  if (r.totalRowCount) {
    out.push(`  ${count(r.totalRowCount)} total or subtotal row(s) compared, not added.`);
  }
  return out;
}

/** 'Skipped 24,880: 24,880 not one of the district's buildings': every count written one way. */
export function skippedText(skipped: number, reasons: Record<string, number>): string {
  const why = Object.entries(reasons)
    .map(([reason, n]) => `${count(n)} ${reason}`)
    .join(', ');
  return `Skipped ${count(skipped)}: ${why}`;
}

/** The CLI's summary of an import (or a dry run) for people; --json prints the result instead. */
/** What an import did (or would do) to the positions: newcomers, new positions, open positions. */
export function positionsText(p: NonNullable<ImportResult['positions']>, dryRun: boolean): string {
  const funded = p.grantFunded ? ` (${count(p.grantFunded)} paid by their line's fund)` : '';
  // Rows with no name are open positions: vacant at their salary, no one's line.
  const one = p.vacant === 1;
  const open = p.vacant
    ? `; ${count(p.vacant)} open position${one ? '' : 's'} (rows with no name) ${dryRun ? 'would be' : one ? 'is' : 'are'} vacant at ${one ? 'its' : 'their'} salary`
    : '';
  return `Positions: ${count(p.filled)} vacanc${p.filled === 1 ? 'y' : 'ies'} ${dryRun ? 'would be ' : ''}filled by newcomers, ${count(p.created)} new${funded}${open}.`;
}

export function summaryLines(
  result: ImportResult,
  mapping: Record<string, string | null>,
  label: string,
  importType: ImportType,
): string[] {
  const out: string[] = ['Column mapping:'];
  for (const [field, column] of Object.entries(mapping)) {
    if (column) {
      out.push(`  ${field.padEnd(20)} <- ${column}`);
    }
  }
  out.push('');
  out.push(
    `${result.dryRun ? 'Dry run (nothing saved): would import' : 'Imported'} ${count(result.imported)} of ${count(result.rowCount)} rows into ${label}` +
      (result.importRunId ? ` (import run ${result.importRunId})` : '') +
      ` in ${(result.durationMs / 1000).toFixed(1)} s.`,
  );
  out.push(`Total: ${money(result.totalAmount)}; fiscal year(s): ${result.fiscalYears.map(fy).join(', ')}`);
  // The year's own lines stay: the file's join them (the wizard's preview says the same).
  const added = addedToYearText(result, importType);
  if (added) {
    out.push(`Note: ${added}`);
  }
  if (result.replacedProjected) {
    out.push(
      `${result.dryRun ? 'Would replace' : 'Replaced'} ${count(result.replacedProjected)} projected line(s) of ${result.fiscalYears.map(fy).join(', ')}: imported lines supersede projections.`,
    );
  }
  if (result.positions) {
    out.push(positionsText(result.positions, result.dryRun));
  }
  const { functionCodes, openPositionCodes, funds } = result.fromRules;
  if (functionCodes + openPositionCodes + funds > 0) {
    // Open positions are vacant positions, not lines: counted apart.
    const open = openPositionCodes ? `, ${count(openPositionCodes)} open position(s)` : '';
    out.push(
      `Function-code rules: ${count(functionCodes)} line(s)${open} ${result.dryRun ? 'would get' : 'got'} a DESE code, ${count(funds)} a fund.`,
    );
  }
  const disagree = rulesDisagreeText(result.fromRules);
  if (disagree) {
    out.push(`${disagree} Narrow one of them (budget-cli dese rules) and apply them again.`);
  }
  out.push(...reconciliationLines(result.reconciliation));
  out.push(...nextYearAndCrosswalkLines(result));
  out.push(...leftOutLines(result));
  if (result.skipped) {
    out.push(skippedText(result.skipped, result.skippedReasons));
    out.push(...result.errors.slice(0, RESULT_ERRORS_SHOWN).map((e) => `  ${e}`));
  }
  if (result.reviewCount) {
    out.push(
      `Marked for review: ${count(result.reviewCount)} line(s) ${result.dryRun ? 'would be' : 'are'} on the Data Quality list.`,
    );
  }
  if (result.warningCount) {
    out.push(
      `${count(result.warningCount)} row(s) ${result.dryRun ? 'would be ' : ''}imported with warnings:`,
    );
    out.push(
      ...result.warnings
        .slice(0, RESULT_WARNINGS_SHOWN)
        .map((w) => `  Row ${w.row} ${w.name}: ${w.issues.join('; ')}`),
    );
    const unlisted = result.warningCount - Math.min(result.warnings.length, RESULT_WARNINGS_SHOWN);
    if (unlisted > 0) {
      out.push(`  ... and ${count(unlisted)} more (${listedWarnings(result)})`);
    }
  }
  return out;
}

/** Where the warnings the text leaves out are: --json lists the first ones the import keeps. */
const listedWarnings = (r: ImportResult) =>
  r.warnings.length >= r.warningCount
    ? '--json lists them all'
    : `--json lists the first ${count(r.warnings.length)}`;

/** --only-district-buildings: how many rows were left out, their amount and their buildings. */
function leftOutLines(result: ImportResult): string[] {
  const left = result.leftOut;
  if (!left) {
    return [];
  }
  const named = left.buildings.map((b) => `${b.building} (${count(b.rows)})`).join(', ');
  return [
    `Left out ${count(left.rows)} row(s) whose building is not one of the district's buildings` +
      (left.rows ? ` (${dollars(left.amount)}); the most: ${named}` : '') +
      '.',
  ];
}

/** The counts --json gives beside the reconciliation: next-year salaries and the position crosswalk. */
function nextYearAndCrosswalkLines(result: ImportResult): string[] {
  const out: string[] = [];
  // The web result's sentence: the rule's flags overlap the rows it computed, so not a third count.
  const nextYear = nextYearSalariesText(result);
  if (nextYear) {
    out.push(nextYear);
  }
  const c = result.crosswalk;
  if (c) {
    out.push(
      `Position crosswalk (${count(c.rules)} rule(s)): ${count(c.matchedRows)} row(s) matched, ${count(c.unmatchedRows)} matched no rule; ` +
        `work group from it on ${count(c.workGroupRows)}, category on ${count(c.categoryRows)}, DESE code on ${count(c.deseCodeRows)}, fund on ${count(c.fundRows)}.`,
    );
    if (c.unmatchedTitleCount) {
      const titles = c.unmatchedTitles.slice(0, RESULT_WARNINGS_SHOWN).map((t) => t.title);
      out.push(
        `  ${count(c.unmatchedTitleCount)} title(s) no rule matches: ${titles.join(', ')}${c.unmatchedTitleCount > titles.length ? ', ...' : ''}`,
      );
    }
    for (const rule of c.unusableRules) {
      out.push(`  Rule left out (its pattern is no longer accepted): ${rule.message}`);
    }
  }
  return out;
}
