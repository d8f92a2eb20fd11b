import { PREVIEW_ROWS, PREVIEW_ROWS_MAX, type ImportPreview, type PreviewRow } from '@shared/schemas/import';
import { cellText, type Cell } from './cells';
import type { CrosswalkRowHit } from './crosswalk';
import type { FundMatcher } from './fund-match';
import type { BuildingMatcher, CategoryMatcher } from './match';
import type { CopyColumn, LineValues, RowOutcome } from './transform';

/** Columns a person does not need to see: the import's own ids, flags and metadata. */
const HIDDEN = new Set<CopyColumn>([
  'budget_year_id',
  'scenario_id',
  'version_id',
  'import_run_id',
  'is_operating',
  'metadata',
  'work_group_id',
  'building_id',
  'category_id',
  'fund_id',
]);

/** 'current_fte' -> 'currentFTE', 'first_name' -> 'firstName': the import field names. */
const fieldName = (column: string) =>
  column === 'current_fte' ? 'currentFTE' : column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

interface Collected {
  row: number;
  outcome: Exclude<RowOutcome, { kind: 'blank' }>;
  text: string | null;
}

/**
 * The preview of an import: the first rows of the file through the very transform that imports
 * them (so what is shown is what is stored), until PREVIEW_ROWS rows will be imported, the skipped
 * rows met on the way included with their reason, PREVIEW_ROWS_MAX rows at most. Blank rows are
 * not shown but counted over the whole file.
 */
export class PreviewCollector {
  private readonly rows: Collected[] = [];
  private lines = 0;
  blankRows = 0;

  add(row: number, outcome: RowOutcome, cells: readonly Cell[]): void {
    if (outcome.kind === 'blank') {
      this.blankRows += 1;
      return;
    }
    if (this.lines >= PREVIEW_ROWS || this.rows.length >= PREVIEW_ROWS_MAX) {
      return;
    }
    if (outcome.kind === 'line') {
      this.lines += 1;
    }
    const text =
      outcome.kind === 'skip'
        ? cells
            .map((c) => cellText(c))
            .filter(Boolean)
            .join(' · ')
            .slice(0, 200)
        : null;
    this.rows.push({ row, outcome, text });
  }

  /** The rows with the matched building's and category's names. */
  result(names: PreviewNames): ImportPreview {
    return {
      rows: this.rows.map(({ row, outcome, text }): PreviewRow => {
        if (outcome.kind === 'skip') {
          return { row, status: 'skip', reason: outcome.reason, warnings: [], values: {}, text };
        }
        return {
          row,
          status: outcome.warnings.length ? 'review' : 'import',
          reason: null,
          warnings: outcome.warnings,
          values: { ...previewValues(outcome.values, names), ...crosswalkValues(outcome.crosswalk) },
          text: null,
        };
      }),
      blankRows: this.blankRows,
    };
  }
}

/** What the position crosswalk gave a row: keys only when it gave something. */
function crosswalkValues(hit: CrosswalkRowHit | null | undefined): Record<string, string | null> {
  if (!hit) {
    return {};
  }
  return {
    crosswalkRules: hit.rules.join('; '),
    workGroupFromCrosswalk: hit.workGroup,
    categoryFromCrosswalk: hit.category,
    deseCodeFromCrosswalk: hit.deseCode,
    fundFromCrosswalk: hit.fund,
  };
}

/** What the preview names ids by; `funds` when the district keeps funds. */
interface PreviewNames {
  buildings: BuildingMatcher;
  categories: CategoryMatcher;
  funds?: FundMatcher;
}

function previewValues(values: LineValues, names: PreviewNames): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [column, value] of Object.entries(values) as [CopyColumn, string | null | undefined][]) {
    if (!HIDDEN.has(column)) {
      out[fieldName(column)] = value ?? null;
    }
  }
  out.building = values.building_id ? names.buildings.nameOf(Number(values.building_id)) : null;
  if (names.funds) {
    out.fund = names.funds.nameOf(values.fund_id ? Number(values.fund_id) : null);
  }
  if (values.is_operating === 'f') {
    out.category = values.category_id ? names.categories.nameOf(Number(values.category_id)) : null;
  }
  return out;
}
