import { describe, expect, it } from 'vitest';
import type { ApplyResult } from '@web/api/crosswalk';
import { applyWording } from './apply-rules';

const result = (lines: number, positions: number): ApplyResult =>
  ({
    changedLines: lines,
    changedPositions: positions,
    changes: { workGroup: lines, category: lines, deseCode: 0 },
    byRule: [],
    clearedFlags: 0,
  }) as unknown as ApplyResult;

describe("the crosswalk's Apply dialog", () => {
  it('names the positions the rules give the same to, beside the lines', () => {
    const w = applyWording(result(486, 650), 'FY26', false);
    expect(w.title).toBe('Change 486 lines and 650 positions?');
    expect(w.message).toContain('and the same on 650 positions of their titles');
    expect(w.done).toBe(
      'Applied to 486 FY26 lines and 650 positions: 486 work groups, 486 categories and 0 DESE codes set.',
    );
  });

  it('is a change to confirm when only positions lack what the rules give', () => {
    const w = applyWording(result(0, 9), 'FY26', false);
    expect(w.title).toBe('Change 9 positions?');
    expect(w.confirmLabel).toBe('Apply to 9 Positions');
  });

  it('says nothing is to change only when neither lines nor positions would', () => {
    const w = applyWording(result(0, 0), 'FY26', false);
    expect(w.title).toBe('Nothing to change');
    expect(w.message).toBe('Every FY26 line and position the rules match already has what they give.');
  });
});
