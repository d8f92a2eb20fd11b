// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScrollArea } from './scroll-area';

/** Renders a table as wide as `inside` within a ScrollArea `shown` wide (happy-dom lays nothing out). */
function renderWithin(inside: number, shown: number) {
  const width = (value: number) => ({ configurable: true, get: () => value });
  const had = {
    scrollWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollWidth'),
    clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
  };
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', width(inside));
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', width(shown));
  try {
    render(
      <ScrollArea label="Budget comparison">
        <table>
          <tbody>
            <tr>
              <td>Teachers</td>
            </tr>
          </tbody>
        </table>
      </ScrollArea>,
    );
  } finally {
    for (const name of ['scrollWidth', 'clientWidth'] as const) {
      const descriptor = had[name];
      if (descriptor) {
        Object.defineProperty(HTMLElement.prototype, name, descriptor);
      } else {
        delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
      }
    }
  }
}

describe('a table wider than its place', () => {
  afterEach(cleanup);

  // At 390 wide the Budget Comparison's Proposed, Variance and Flag columns lay past the edge and
  // nothing said they were there.
  it('says under it that it scrolls sideways, and is a named region a keyboard can scroll', () => {
    renderWithin(720, 358);
    expect(screen.getByText('Scroll the table sideways for more columns.')).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Budget comparison, scrolls sideways' });
    expect(region.tabIndex).toBe(0);
  });

  it('says nothing and adds no tab stop when the table fits', () => {
    renderWithin(358, 358);
    expect(screen.queryByText(/Scroll the table sideways/)).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
  });
});
