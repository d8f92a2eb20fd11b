import { loadavg } from 'node:os';
import { median } from './lib';

/**
 * The Scenario Builder's personnel cut at the positions bench's scale (50,000 positions in the
 * FY2026 roster, budgeted in FY2027): a scenario of FY2027 is made, then a cut of 1 FTE of the
 * largest group is asked for as the dialog asks (a dry run: which positions, what they save, the
 * totals), and saved and the scenario's summary against the town goal read again (the cards), each
 * the median of `runs`; the cut is taken out again between runs.
 */
export async function scenarioCutProbe(
  // The bench's fetch helper answers parsed JSON of several shapes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  api: (method: string, url: string, body?: unknown) => Promise<any>,
  budgetYearId: number,
  runs: number,
  report: (label: string, value: number | string, unit?: string) => void,
  loads: number[],
): Promise<void> {
  const made = await api('POST', '/scenarios/cuts', {
    budgetYearId,
    fiscalYear: 2027,
    name: `Bench ${Date.now()}`,
  });
  const id = made.scenario.id as number;
  const t0 = performance.now();
  const { groups } = await api('GET', `/scenarios/cuts/${id}/position-groups`);
  report('position groups of 50,000 positions (the cut dialog opens)', performance.now() - t0, 'ms');
  const group = [...groups].sort((a: { fte: number }, b: { fte: number }) => b.fte - a.fte)[0];
  const body = { title: group.title, buildingId: group.building?.id ?? null, fte: 1, vacanciesFirst: true };
  const dry: number[] = [];
  const saved: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const a = performance.now();
    await api('POST', `/scenarios/cuts/${id}/positions/cut`, { ...body, dryRun: true });
    dry.push(performance.now() - a);
    const b = performance.now();
    const cut = await api('POST', `/scenarios/cuts/${id}/positions/cut`, body);
    await api('GET', `/scenarios/cuts?budgetYearId=${budgetYearId}&fiscalYear=2027`);
    saved.push(performance.now() - b);
    for (const change of cut.picked) {
      await api('DELETE', `/scenarios/cuts/${id}/positions/${change.id}`);
    }
    loads.push(loadavg()[0]);
  }
  report(
    `a personnel cut of 1 FTE (${group.title}, ${group.fte} FTE): dry run, median of ${runs}`,
    median(dry),
    'ms',
  );
  report(`  saved, then the scenario's summary read again, median of ${runs}`, median(saved), 'ms');
}
