import { describe, expect, it } from 'vitest';
import { lineSearchMatcher, searchTerms } from './line-search';

const amy = {
  firstName: 'Amy',
  lastName: 'Almeida',
  position: 'Grade 3 Teacher',
  locationCode: 'HOS',
  department: 'Elementary',
  workGroup: 'Teachers',
  jobClass: null,
  deseCode: '2305',
};
const other = { ...amy, firstName: 'Anthony', lastName: 'Barrett' };

const matches = (text: string, line = amy) => {
  const m = lineSearchMatcher('operating', text);
  return m === null ? 'all' : m(line);
};

describe('the line search rule', () => {
  it('splits the text into lower-cased terms on commas and white space', () => {
    expect(searchTerms('Almeida, Amy')).toEqual(['almeida', 'amy']);
    expect(searchTerms('  amy\talm ,, ')).toEqual(['amy', 'alm']);
    expect(searchTerms(" O'Brien 01-2430 ")).toEqual(["o'brien", '01-2430']);
    expect(searchTerms(' , ')).toEqual([]);
    expect(searchTerms(undefined)).toEqual([]);
  });

  it('finds a name as the grid shows it, as it is spoken, and by parts of either', () => {
    for (const text of ['Almeida, Amy', 'Amy Almeida', 'Alme', 'amy alm', 'ALMEIDA,AMY', 'almeida amy']) {
      expect(matches(text), text).toBe(true);
      expect(matches(text, other), text).toBe(false);
    }
  });

  it('needs every term to occur in some field, each within one field', () => {
    expect(matches('Almeida, Zoe')).toBe(false);
    expect(matches('Amy teacher 2305')).toBe(true);
    // 'ida' + 'amy' across the boundary of two fields is not one term's match.
    expect(matches('idaGrade')).toBe(false);
    expect(matches('Almeida Amy Barrett')).toBe(false);
  });

  it('matches everything when the text has no terms', () => {
    expect(matches('')).toBe('all');
    expect(matches(' , ')).toBe('all');
  });

  it('searches the proposed fields of a proposed line', () => {
    const line = {
      accountDescription: 'Library books',
      name: null,
      accountLine: '01-2430-5500',
      deseCode: '2430',
      deseCategories: null,
      notes: 'Per pupil 100%',
    };
    expect(lineSearchMatcher('proposed', 'books, 2430')!(line)).toBe(true);
    expect(lineSearchMatcher('proposed', '100%')!(line)).toBe(true);
    expect(lineSearchMatcher('proposed', 'books 9999')!(line)).toBe(false);
  });
});
