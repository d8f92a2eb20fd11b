// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicView, PublicYearData } from '@shared/schemas/public-dashboard';
import { PublicSection } from './sections';

afterEach(cleanup);

/**
 * The words about the district say what is so of the year shown: a year in Draft is the district's
 * proposal, which the school committee has not voted on; a year in a stage is the committee's.
 */
const draft = { fiscalYear: 2027, stageLabel: null, stage: null, stageCaption: null } as PublicYearData;
const adopted = {
  ...draft,
  stageLabel: 'School Committee Adopted',
  stage: 'SCHOOL_COMMITTEE_ADOPTED',
  stageCaption: 'School Committee Adopted, voted March 12, 2026',
} as PublicYearData;
const view = { schoolName: 'Millbrook Public Schools', schoolLogoUrl: null } as unknown as PublicView;
const intro = (data: PublicYearData) => {
  render(<PublicSection name="schoolInfo" view={view} year={2027} data={data} onWatch={() => {}} />);
  return screen.getByLabelText('About the school district').textContent;
};

describe("the residents' page's words about the district", () => {
  it('calls a year in Draft the proposed budget, not yet voted by the school committee', () => {
    const text = intro(draft);
    expect(text).toContain(
      'The proposed budget the district has published for residents; the school committee has not voted on it yet.',
    );
    expect(text).not.toContain('the school committee has published');
  });

  it('calls a year in a stage the budget the school committee has published', () => {
    expect(intro(adopted)).toContain('The budget the school committee has published for residents.');
  });
});
