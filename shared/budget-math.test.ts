import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cutTargetCents,
  districtNeedAndGap,
  fiscalYearLabel,
  gapStatus,
  goalGap,
  guidanceGapCents,
  guidanceGapText,
  scenarioStatus,
  varianceSize,
  varianceTone,
  VARIANCE_HIGHLIGHT,
  VARIANCE_THRESHOLD,
} from './budget-math';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('budget arithmetic', () => {
  it('labels fiscal years', () => {
    expect([2026, 2005, 2000, 1999, 2149].map(fiscalYearLabel)).toEqual([
      'FY26',
      'FY05',
      'FY00',
      'FY99',
      'FY49',
    ]);
  });

  it('flags variances at 1%, 5% and 10% either way', () => {
    expect([0, 1, -1, 1.01, 5, -5.01, 10, 10.01, -42].map(varianceSize)).toEqual([
      'ALIGNED',
      'ALIGNED',
      'ALIGNED',
      'MINOR',
      'MINOR',
      'HIGHLIGHT',
      'HIGHLIGHT',
      'LARGE',
      'LARGE',
    ]);
    expect(VARIANCE_HIGHLIGHT).toBe(5);
  });

  it('calls a gap beyond $100,000 OVER or UNDER, to the cent', () => {
    expect([10_000_000n, 10_000_001n, -10_000_000n, -10_000_001n, 0n].map(gapStatus)).toEqual([
      'NEAR',
      'OVER',
      'NEAR',
      'UNDER',
      'NEAR',
    ]);
  });

  it('colours a goal card beyond ±$10,000 and says a guidance gap in words', () => {
    expect([-10_000.01, -10_000, 10_000, 10_000.01, null].map(varianceTone)).toEqual([
      'good',
      'near',
      'near',
      'bad',
      null,
    ]);
    expect(VARIANCE_THRESHOLD).toBe(10_000);
    const usd = (n: number) => `$${n}`;
    expect(guidanceGapText(444_400, usd)).toBe('Over guidance by $444400');
    expect(guidanceGapText(-5, usd)).toBe('Under guidance by $5');
    // A year with no town goal has no guidance to be over: no gap against a goal of 0.
    expect(guidanceGapText(null, usd)).toBe('No town goal set');
    expect(guidanceGapCents(49_000_000_00n, null)).toBeNull();
    expect(guidanceGapCents(49_000_000_00n, 48_000_000_00n)).toBe(-1_000_000_00n);
    expect(goalGap(-49_000_000, false)).toBeNull();
    expect(goalGap(-49_000_000, true)).toBe(-49_000_000);
    expect(cutTargetCents(null, false)).toBeNull();
  });

  it('gives a scenario of a year with no town goal no gap and nothing to meet, never a gap against $0', () => {
    expect(scenarioStatus(49_000_000_25n, null, 1)).toEqual({ gapCents: null, meetsGoal: null });
    expect(scenarioStatus(49_000_000_25n, 48_000_000_00n, 1)).toEqual({
      gapCents: 1_000_000_25n,
      meetsGoal: false,
    });
    expect(scenarioStatus(0n, 48_000_000_00n, 0)).toEqual({ gapCents: -48_000_000_00n, meetsGoal: null });
  });
});

describe('the district need and the RIF gap', () => {
  // $48,000,000.00 + COLA $1,200,000.01 + steps $300,000.02 + new hires $61,000.03 + typed $0.04.
  const parts = {
    baseline: 4_800_000_000n,
    cola: 120_000_001n,
    stepsLanes: 30_000_002n,
    newHires: 6_100_003n,
    adjustments: 4n,
  };
  const need = 4_956_100_010n;

  it('adds what the walk brings to the baseline and takes the funding off, to the cent', () => {
    expect(districtNeedAndGap(parts, { cents: need - 1n, fromGoal: false }, null)).toEqual({
      needCents: need,
      gapCents: 1n,
      rifRequired: true,
    });
    expect(districtNeedAndGap(parts, { cents: need, fromGoal: true }, null)).toEqual({
      needCents: need,
      gapCents: 0n,
      rifRequired: false,
    });
    expect(districtNeedAndGap(parts, null, null)).toEqual({
      needCents: need,
      gapCents: null,
      rifRequired: false,
    });
  });

  it("takes the year being built's own budget, and its own gap only against its own town goal", () => {
    const own = { needCents: 5_000_000_000n, gapCents: 250_000n };
    expect(districtNeedAndGap(parts, { cents: 4_000_000_000n, fromGoal: true }, own)).toEqual({
      needCents: 5_000_000_000n,
      gapCents: 250_000n,
      rifRequired: true,
    });
    expect(districtNeedAndGap(parts, { cents: 5_100_000_000n, fromGoal: false }, own)).toEqual({
      needCents: 5_000_000_000n,
      gapCents: -100_000_000n,
      rifRequired: false,
    });
    // A year with no town goal has no Town Guidance gap (gapAnalysis: null): the funding given is the
    // one to compare with, never a gap against $0.
    const noGoal = { needCents: 5_000_000_000n, gapCents: null };
    expect(districtNeedAndGap(parts, { cents: 4_900_000_000n, fromGoal: false }, noGoal)).toEqual({
      needCents: 5_000_000_000n,
      gapCents: 100_000_000n,
      rifRequired: true,
    });
  });
});

/** Source files (not tests) under a folder of the repository. */
function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

/**
 * Second copies of these rules in the web app or the CLI, as they were found before they moved
 * here: a label built by hand, a threshold written as a number beside a variance or a gap, the
 * guidance words. Each file below still had one in work under way elsewhere when this test was
 * written; the list only shrinks.
 */
const COPIES: [RegExp, string][] = [
  [/FY\$\{[^}]*(slice|padStart|% ?100)/, 'formats a fiscal-year label: use fiscalYearLabel'],
  [/['"`>]\s*(Over|Within) (1|5|10)%/, 'writes a variance threshold: use VARIANCE_*'],
  [
    /(variance|gap)\w*\s*[<>]=?\s*-?[1-9][\d_,]*/i,
    'compares a variance or gap with a threshold: use budget-math',
  ],
  [/['"`](Over|Under) guidance by/, 'words a guidance gap: use guidanceGapText'],
];

describe('one home for the budget arithmetic', () => {
  it('the web app and the CLI write none of its rules again', () => {
    const found: string[] = [];
    for (const file of [...sources('web/src'), ...sources('cli')]) {
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [pattern, message] of COPIES) {
            if (pattern.test(line) && !line.trim().startsWith('*') && !line.trim().startsWith('//')) {
              found.push(`${file}:${i + 1} ${message}`);
            }
          }
        });
    }
    expect(found).toEqual([]);
  });
});
