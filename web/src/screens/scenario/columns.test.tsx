// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScenarioLine } from '@web/api/cut-scenarios';
import { DescriptionCell } from './columns';

const school = 'Maple Grove Elementary School';
const line = (over: Partial<ScenarioLine>) =>
  ({
    id: 9,
    accountDesc: `Teachers Salaries - ${school} (Title I, Part A)`,
    accountLine: '01-140-2305-5110',
    building: { name: school },
    percentKept: 100,
    ...over,
  }) as ScenarioLine;

describe('DescriptionCell', () => {
  it('shows what tells two lines of a building apart on the first line, the building under it', () => {
    const { container } = render(<DescriptionCell data={line({})} />);
    expect(container.querySelector('.scenario-desc__main')?.textContent).toBe(
      'Teachers Salaries (Title I, Part A)',
    );
    expect(container.querySelector('.scenario-desc__place')?.textContent).toBe(school);
  });

  it("puts the 'Cut' tag beside the building, not in front of the description", () => {
    const { container } = render(<DescriptionCell data={line({ percentKept: 75 })} />);
    const tag = screen.getByText('Cut');
    expect(container.querySelector('.scenario-desc__main')?.contains(tag)).toBe(false);
    expect(container.querySelector('.scenario-desc__sub')?.contains(tag)).toBe(true);
  });
});
