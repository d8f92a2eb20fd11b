import { describe, expect, it } from 'vitest';
import { nameWidthBesideActions, widthsToEdge, type EdgeColumn } from './column-edges';

const col = (colId: string, width: number, grow = true): EdgeColumn => ({ colId, width, grow });

describe('widthsToEdge', () => {
  // Data Quality at 1440 px: 22 px of Location showed beside the pinned Actions column ('L').
  it('pushes the column cut at the edge wholly past it, spreading what showed over the columns before', () => {
    const widths = widthsToEdge([col('a', 100), col('b', 300), col('location', 110), col('c', 150)], 422);
    expect(widths).toEqual(
      new Map([
        ['a', 105],
        ['b', 317],
      ]),
    );
    expect([...widths!.values()].reduce((s, w) => s + w, 0)).toBe(422);
  });

  it('leaves the columns alone when one ends at the edge or all fit', () => {
    expect(widthsToEdge([col('a', 100), col('b', 300), col('c', 110)], 400)).toBeNull();
    expect(widthsToEdge([col('a', 100), col('b', 300)], 900)).toBeNull();
  });

  it('widens only the columns the user did not size, and nothing when none may grow', () => {
    expect(widthsToEdge([col('a', 100, false), col('b', 200), col('c', 110)], 350)).toEqual(
      new Map([['b', 250]]),
    );
    expect(widthsToEdge([col('a', 100, false), col('c', 110)], 150)).toBeNull();
    expect(widthsToEdge([col('first', 500)], 300), 'the first column cut has none before it').toBeNull();
  });
});

describe('nameWidthBesideActions', () => {
  // Proposed Budget on a 390 px phone: Edit and Delete after a 160 px description ran 24 px past.
  it('narrows the name by what the buttons run past the screen, to no less than 100 px', () => {
    expect(nameWidthBesideActions(160, 140, 116)).toBe(136);
    expect(nameWidthBesideActions(120, 140, 40)).toBe(100);
  });

  it('leaves the name when the buttons fit', () => {
    expect(nameWidthBesideActions(150, 83, 126)).toBeNull();
  });
});
