import { describe, expect, it } from 'vitest';
import { schoolIntro, stageBudget, stageLine } from './gap-words';

/**
 * One rule names a year's budget by its stage on the residents' page, its plain HTML and the admin's
 * preview; only how a year in Draft is written differs with where it is read.
 */
describe('a year’s budget named by its stage', () => {
  it('is the stage’s budget in every place', () => {
    for (const draft of ['line', 'sentence', 'staff'] as const) {
      expect(stageBudget('School Committee Adopted', draft)).toBe('School Committee Adopted budget');
    }
  });

  it('is the proposed budget in Draft, which staff also read as Draft', () => {
    expect(stageBudget(null)).toBe('Proposed budget');
    expect(stageBudget(undefined, 'sentence')).toBe('proposed budget');
    expect(stageBudget(null, 'staff')).toBe('Proposed budget (Draft)');
    expect(stageLine({ stageLabel: null, stageCaption: null })).toBe('Proposed budget');
    expect(stageLine({ stageLabel: 'Revised' })).toBe('Revised budget');
  });

  it('says who stands behind the year: the district, the superintendent, or the committee’s vote', () => {
    expect(schoolIntro(null)).toContain('the school committee has not voted on it yet');
    expect(schoolIntro("Superintendent's Recommended")).toBe(
      'The budget the superintendent has recommended to the school committee, published for residents; the committee has not voted on it yet.',
    );
    for (const voted of ['School Committee Adopted', 'Town Appropriated', 'Revised']) {
      expect(schoolIntro(voted)).toBe('The budget the school committee has published for residents.');
    }
  });
});
