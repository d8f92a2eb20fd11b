import { expect, type Page } from '@playwright/test';
import { apiCall } from './helpers';

// What positions.spec.ts's fund-share test asks the API: the demo's funds, a position the general
// fund pays whole, the cost parts recomputed in integer cents, and the position put back.

export interface FundRef {
  id: number;
  name: string;
  code: string;
}

/** The general fund and Title I (code 2401, the demo's federal grant), as GET /funds names them. */
export async function demoFunds(page: Page): Promise<{ general: FundRef; titleI: FundRef }> {
  const { funds } = (await apiCall(page, 'GET', '/funds')) as {
    funds: { id: number; name: string; code: string; kind: string }[];
  };
  const general = funds.find((f) => f.kind === 'general');
  const titleI = funds.find((f) => f.code === '2401');
  expect(general && titleI, 'the general fund and Title I').toBeTruthy();
  return { general: general!, titleI: titleI! };
}

export interface Candidate {
  id: number;
  buildingId: number;
  categoryId: number;
  title: string;
  buildingName: string;
  categoryName: string;
  label: string;
}

/**
 * A filled teacher's position of 1 FTE at a school, held by one person, its title its school's
 * only one, that the general fund pays whole: the one to split.
 */
export async function positionToSplit(page: Page, year: number): Promise<Candidate> {
  const list = await apiCall(page, 'GET', `/positions?fiscalYear=${year}&status=filled`);
  type Row = Candidate & { fte: number; holders: unknown[]; buildingName: string | null };
  const rows = list.positions as Row[];
  const label = (p: Row) => `${p.title} at ${p.buildingName}`;
  const count = new Map<string, number>();
  rows.forEach((p) => count.set(label(p), (count.get(label(p)) ?? 0) + 1));
  for (const p of rows) {
    if (p.categoryName !== 'Teachers' || !p.buildingName || p.fte !== 1 || p.holders.length !== 1) {
      continue;
    }
    if (count.get(label(p)) !== 1) {
      continue;
    }
    const { position } = await apiCall(page, 'GET', `/positions/${p.id}`);
    if (position.fundShares.length === 1 && position.fundShares[0].fundKind === 'general') {
      return { ...p, label: label(p) };
    }
  }
  throw new Error('No filled teacher position the general fund pays whole');
}

/** Puts the position back on the general fund's whole, unless it already is. */
export async function backToGeneral(page: Page, id: number, general: number): Promise<void> {
  const { position } = await apiCall(page, 'GET', `/positions/${id}`);
  if (position.fundShares.length === 1 && position.fundShares[0].fundId === general) {
    return;
  }
  await apiCall(page, 'PATCH', `/positions/${id}`, {
    version: position.version,
    fundShares: [{ fundId: general, fte: position.fte }],
    reason: 'Back after the browser test',
  });
}

/**
 * A 0.6 / 0.4 split's parts of a 1 FTE position's cost, in cents: the first fund (the general
 * fund, the lower id) gets 60% rounded half up, the second the rest, so they add up to the cost.
 */
export function splitCents(costCents: bigint): [bigint, bigint] {
  const first = (costCents * 600n + 500n) / 1000n;
  return [first, costCents - first];
}

/** Cents as the screen shows money, written out here rather than with the screen's formatter: '$52,219.44'. */
export function dollars(cents: bigint): string {
  return `$${(cents / 100n).toLocaleString('en-US')}.${String(cents % 100n).padStart(2, '0')}`;
}
