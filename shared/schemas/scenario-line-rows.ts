import { centsOf, fromCents } from '@shared/money';
import type { CutScenario, ScenarioLine, ScenarioSummary } from './cut-scenarios';

/**
 * The compact body of GET /scenarios/baseline: each line an array of its values (ScenarioLineRow) and the few categories and buildings once each, instead of 20,000 objects
 * repeating field names and category names (6.5 MB -> under 2 MB at 20,000 lines). PostgreSQL
 * writes the lines' JSON and the server sends it as it is (bench/scenarios.bench.ts).
 * decodeBaseline turns it into the line objects the screen and the CLI read.
 *
 * No zod here: the web app loads this module with the Scenario Builder (the zod schema of the body
 * is baselineResponse in ./cut-scenarios).
 */

/** A line on the wire: its values in this order (the amount is fy26ProposedV3, adjusted adjustedAmount). */
export type ScenarioLineRow = [
  id: number,
  accountDesc: string | null,
  accountLine: string | null,
  deseCode: string | null,
  categoryId: number | null,
  buildingId: number | null,
  amount: number,
  percentKept: number,
  floorPercent: number,
  adjusted: number,
  generalFund: boolean,
];

export interface BaselineRows {
  lines: ScenarioLineRow[];
  categories: { id: number; name: string; color: string; isPersonnel: boolean }[];
  buildings: { id: number; name: string }[];
  summary: ScenarioSummary;
  scenario: CutScenario | null;
}

/** What the screen and the CLI read: every line an object. */
export interface Baseline {
  lines: ScenarioLine[];
  summary: ScenarioSummary;
  scenario: CutScenario | null;
}

export function decodeBaseline(body: BaselineRows): Baseline {
  const categories = new Map(body.categories.map((c) => [c.id, c]));
  const buildings = new Map(body.buildings.map((b) => [b.id, b.name]));
  const lines = body.lines.map(
    ([
      id,
      accountDesc,
      accountLine,
      deseCode,
      categoryId,
      buildingId,
      amount,
      percentKept,
      floor,
      adjusted,
      generalFund,
    ]) => {
      const c = categoryId === null ? undefined : categories.get(categoryId);
      const building = buildingId === null ? undefined : buildings.get(buildingId);
      return {
        id,
        accountDesc,
        accountLine,
        deseCode,
        categoryId,
        category: c ? { name: c.name, color: c.color } : null,
        buildingId,
        building: building === undefined ? null : { name: building },
        isPersonnel: c?.isPersonnel ?? false,
        fy26ProposedV3: amount,
        percentKept,
        floorPercent: floor,
        adjustedAmount: adjusted,
        // Through whole cents: the same double as the decimal the database would print.
        cut: fromCents(centsOf(amount) - centsOf(adjusted)),
        generalFund,
      };
    },
  );
  return { lines, summary: body.summary, scenario: body.scenario };
}
