import { describe, expect, it } from 'vitest';
import { FIGURES } from '@shared/schemas/nss';
import { MAX_FIGURE_COLUMNS } from '@server/domains/massachusetts/nss-csv';
import { useApp } from '../../test/use-app';
import { watchHealth } from '../../test/health-watch';

/**
 * A state-figures CSV as wide as its text allows cannot hold the server. Before, a 0.98 MB file
 * of 9,006 columns (municipal lines 1000 to 9998, each a column the import knows) was
 * read whole and each cell found by searching the header, time growing with the square of the
 * columns: health waited 11 s and more for its 400. Now the header is read alone and refused for
 * its width before any row is read. The bounds are generous for a loaded 2-core machine, far below
 * the stall of before.
 */
const BOUND_MS = 1500;
/** The refusal itself: a megabyte to receive and a header to read, on a machine busy with other tests. */
const REFUSAL_MS = 3000;
const FIGURE_COLUMNS = FIGURES.map((f) => f.column);

const { t, admin } = useApp(['ADMIN'], { thread: 'worker' });

/** A file with `lines` municipal lines (1000, 1001, ...), their source notes if asked, and `years` rows. */
function figuresCsv(lines: number, years: number, sources = false): string {
  const municipal = Array.from({ length: lines }, (_, i) => `municipal_${1000 + i}`);
  const notes = sources
    ? ['source', ...FIGURE_COLUMNS.map((c) => `${c}_source`), ...municipal.map((m) => `${m}_source`)]
    : [];
  const header = ['fiscal_year', ...FIGURE_COLUMNS, ...municipal, ...notes];
  const row = (year: number) =>
    [
      year,
      1250,
      9_900_000,
      6_100_000,
      4_100_000,
      10_200_000,
      -50_000,
      ...municipal.map(() => '1234567.89'),
      ...notes.map(() => 'DESE'),
    ].join(',');
  return [header.join(','), ...Array.from({ length: years }, (_, i) => row(2000 + i))].join('\n');
}

/** The import of `csv` while health is polled: the answer, how long it took, and health's slowest. */
async function importWatched(csv: string, dryRun = true) {
  const health = await watchHealth(t.url);
  const started = performance.now();
  const res = await t.api('post', '/nss/state-figures/import', { token: admin.token, body: { csv, dryRun } });
  const tookMs = performance.now() - started;
  const seen = await health.stop();
  expect(seen.statuses).toEqual([200]);
  return { res, tookMs, healthMs: seen.slowestMs };
}

describe('a state-figures CSV of 9,006 columns', () => {
  it('is refused on its width as the header is read, and health answers meanwhile', async () => {
    const csv = figuresCsv(8999, 8);
    expect(csv.split('\n')[0].split(',')).toHaveLength(9006);
    expect(csv.length).toBeGreaterThan(900_000);
    expect(csv.length).toBeLessThan(1_000_000);
    const { res, tookMs, healthMs } = await importWatched(csv);
    expect(healthMs).toBeLessThan(BOUND_MS);
    expect(tookMs).toBeLessThan(REFUSAL_MS);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      `csv: The header has 9,006 columns; a state-figures file has at most ${MAX_FIGURE_COLUMNS} ` +
        '(fiscal_year, source, each figure and its source note, and 100 municipal lines with theirs)',
    );
  });

  it('reads a file as wide as the figures allow, and refuses one column more', async () => {
    const widest = figuresCsv(100, 12, true);
    expect(widest.split('\n')[0].split(',')).toHaveLength(MAX_FIGURE_COLUMNS);
    const { res, healthMs } = await importWatched(widest);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.years).toHaveLength(12);
    expect(res.body.figures[0].municipal).toHaveLength(100);
    expect(healthMs).toBeLessThan(BOUND_MS);
    const wider = widest.replace('\n', ',municipal_9999\n').replace(/\n(.*)/g, '\n$1,1');
    const refused = await t.api('post', '/nss/state-figures/import', {
      token: admin.token,
      body: { csv: wider, dryRun: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/The header has 215 columns; a state-figures file has at most 214/);
  });
});
