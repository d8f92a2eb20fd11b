import { loadavg } from 'node:os';
import { median } from './lib';

/**
 * A position's share moved from the general fund to a grant and back, at the positions bench's
 * scale (50,000 positions budgeted in FY2027): the PATCH (the salary lines at the position's place
 * follow, per fund), then the NSS meter read again, whose counted spending leaves the grant's part
 * out. Each the median of `runs`; the issue asks the meter to move within 200 ms.
 */
export async function fundShareProbe(
  // The bench's fetch helper answers parsed JSON of several shapes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  api: (method: string, url: string, body?: unknown) => Promise<any>,
  position: { id: number; version: number; budgetYearId: number; fte: number },
  runs: number,
  report: (label: string, value: number | string, unit?: string) => void,
  loads: number[],
): Promise<void> {
  const { funds } = await api('GET', '/funds');
  const general = funds.find((f: { kind: string }) => f.kind === 'general').id as number;
  const grant = (
    await api('POST', '/funds', {
      name: 'Bench Title I',
      code: `B${Date.now() % 100000}`,
      kind: 'federal_grant',
      periodStart: '2026-07-01',
      periodEnd: '2027-09-30',
    })
  ).fund.id as number;
  const half = Math.round(position.fte * 500) / 1000;
  const split = [
    { fundId: general, fte: Math.round((position.fte - half) * 1000) / 1000 },
    { fundId: grant, fte: half },
  ];
  const meter = `/nss/meter?budgetYearId=${position.budgetYearId}&fiscalYear=2027`;
  let version = position.version;
  const patch: number[] = [];
  const toMeter: number[] = [];
  const counted: number[] = [];
  for (let run = 0; run < runs * 2; run += 1) {
    const t0 = performance.now();
    const saved = await api('PATCH', `/positions/${position.id}`, {
      version,
      fundShares: run % 2 === 0 ? split : [{ fundId: general, fte: position.fte }],
      reason: 'Bench: a share to the grant and back',
    });
    const t1 = performance.now();
    const read = await api('GET', meter);
    const t2 = performance.now();
    version = saved.position.version;
    counted.push(read.school.counted);
    if (run % 2 === 0) {
      patch.push(t1 - t0);
      toMeter.push(t2 - t0);
    }
    loads.push(loadavg()[0]);
  }
  if (counted[0] === counted[1]) {
    throw new Error(`The meter did not move when the share moved: counted ${counted[0]} both times`);
  }
  report(`a position's share moved to a grant: the PATCH, median of ${runs}`, median(patch), 'ms');
  report(`  then the NSS meter read again: share to meter, median of ${runs}`, median(toMeter), 'ms');
  report('  each run (share to meter)', toMeter.map(Math.round).join(', '), 'ms');
}
