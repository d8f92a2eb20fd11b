import { describe, expect, it } from 'vitest';
import { globToLike, isPattern, matchesPattern, patternProblem } from './code-patterns';

describe('function-code rule patterns', () => {
  it('match whole values, ignoring case and surrounding spaces; * any run, ? one character', () => {
    expect(matchesPattern('Teacher*', ' teacher - grade 3 ')).toBe(true);
    expect(matchesPattern('Teacher*', 'Art Teacher')).toBe(false);
    expect(matchesPattern('*teacher*', 'Art Teacher')).toBe(true);
    expect(matchesPattern('0100-3-300-0300-*', '0100-3-300-0300-99-0-99-4-517006')).toBe(true);
    expect(matchesPattern('0100-3-300-03??-*', '0100-3-300-0300-99')).toBe(true);
    expect(matchesPattern('0100-3-300-03??-*', '0100-3-300-030-99')).toBe(false);
    expect(matchesPattern('Custodian', 'CUSTODIAN ')).toBe(true);
    expect(matchesPattern('Custodian', 'Head Custodian')).toBe(false);
    expect(matchesPattern('a.b', 'axb')).toBe(false);
    expect(matchesPattern('x', null)).toBe(false);
    expect(isPattern('Teacher*')).toBe(true);
    expect(isPattern('Teacher')).toBe(false);
  });

  it('turn a glob into a LIKE pattern with %, _ and \\ escaped', () => {
    expect(globToLike(' 50%_off* ')).toBe('50\\%\\_off%');
    expect(globToLike('a\\b?')).toBe('a\\\\b_');
  });

  it('name what is wrong with a pattern', () => {
    expect(patternProblem('position', 'Teacher*')).toBeNull();
    expect(patternProblem('account', '0100-3-300-0300-*')).toBeNull();
    expect(patternProblem('position', '  ')).toMatch(/Write the position title/);
    expect(patternProblem('position', '*?*')).toBe(
      "The position title pattern '*?*' is only wildcards: it would match every line. Name part of the position title",
    );
    expect(patternProblem('account', '0100#*')).toMatch(/'0100#\*' holds '#'/);
    expect(patternProblem('position', 'a\u0007b')).toMatch(/control character/);
    expect(patternProblem('position', 'x'.repeat(201))).toMatch(/longer than 200/);
  });
});
