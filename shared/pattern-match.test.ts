import { describe, expect, it } from 'vitest';
import {
  compilePattern,
  crosswalkPatternProblem,
  CrosswalkMatcher,
  MAX_MATCHED_TITLE,
} from '@server/lib/crosswalk';
import { matchesPattern } from './code-patterns';
import { compileGlob, compileRegex, globMatches, regexProblem } from './pattern-match';

/**
 * The matcher of the crosswalk's and the function-code rules' patterns never backtracks without
 * bound. Before, globs became JavaScript regular expressions ('[\s\S]*' per star) and regex rules
 * ran on JavaScript's backtracking engine: '^(a|a)*$' against a 30-character title took seconds,
 * doubling with each character, and a glob of many stars against a title that nearly matches
 * grew with the title's length to the power of the stars. Each hostile match below is repeated;
 * the budget is generous (a loaded machine) yet far below what one such match took before.
 */
const BUDGET_MS = 1500;

/** How long `work` takes, in ms. */
function timed(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

const aRun = (n: number) => `${'a'.repeat(n)}!`;

describe('globs', () => {
  it('read * and ? over the whole value, ignoring case and surrounding spaces', () => {
    const teacher = compileGlob('*Teacher*');
    expect(teacher(' Art TEACHER ')).toBe(true);
    expect(teacher('Teache')).toBe(false);
    expect(globMatches('Para*', 'paraprofessional')).toBe(true);
    expect(globMatches('Para*', 'Head Para')).toBe(false);
    expect(globMatches('0100-3-300-03??-*', '0100-3-300-0300-99')).toBe(true);
    expect(globMatches('0100-3-300-03??-*', '0100-3-300-030-99')).toBe(false);
    expect(globMatches('a*b*c', 'abc')).toBe(true);
    expect(globMatches('a*b*c', 'ac')).toBe(false);
    // The first and last pieces may not overlap; the middle ones are found in order.
    expect(globMatches('ab*ba', 'aba')).toBe(false);
    expect(globMatches('ab*ba', 'abba')).toBe(true);
    expect(globMatches('*x?z*y', 'axyzqy')).toBe(true);
    expect(globMatches('*x?z*y', 'axyzq')).toBe(false);
    expect(globMatches('a.b', 'axb')).toBe(false);
    expect(globMatches('?', '')).toBe(false);
    expect(globMatches('a**b', 'ab')).toBe(true);
  });

  it('match a glob of 25 stars against 50-character titles in bounded time', () => {
    const glob = `${'*a'.repeat(25)}*b`;
    const test = compileGlob(glob);
    const titles = Array.from({ length: 2000 }, (_, i) => `${'a'.repeat(40 + (i % 11))}`);
    let matched = 0;
    const ms = timed(() => {
      for (const title of titles) {
        matched += Number(test(title));
      }
    });
    expect(matched).toBe(0);
    expect(ms).toBeLessThan(BUDGET_MS);
    // The function-code rules read globs with the same matcher.
    expect(timed(() => expect(matchesPattern(glob, 'a'.repeat(50))).toBe(false))).toBeLessThan(BUDGET_MS);
    expect(matchesPattern(`${'*a'.repeat(25)}*`, 'a'.repeat(50))).toBe(true);
  });
});

describe('regular expressions', () => {
  it('search the title ignoring case, in RE2 syntax', () => {
    const sub = compileRegex('^sub(stitute)?\\b');
    expect(sub('Substitute Teacher')).toBe(true);
    expect(sub(' SUB - long term')).toBe(true);
    expect(sub('Subway driver')).toBe(false);
    expect(compileRegex('grade \\d')('Grade 3 Teacher')).toBe(true);
    expect(compileRegex('(?<kind>para)')('Para Educator')).toBe(true);
  });

  it('match the nested repetitions that took seconds before, at 30 to 50 characters', () => {
    for (const source of ['^(a|a)*$', '((a+))+$', '(a+)+$', '^(a|aa)+$', '(x+x+)+y']) {
      const test = compileRegex(source);
      const ms = timed(() => {
        for (let n = 30; n <= 50; n += 1) {
          for (let i = 0; i < 20; i += 1) {
            test(aRun(n));
          }
        }
      });
      expect(ms, source).toBeLessThan(BUDGET_MS);
    }
    expect(compileRegex('^(a|a)*$')(aRun(30))).toBe(false);
    expect(compileRegex('^(a|a)*$')('a'.repeat(30))).toBe(true);
  });

  it('refuse what RE2 cannot run, saying what instead', () => {
    expect(regexProblem('^sub(stitute)?\\b')).toBeNull();
    expect(regexProblem('(a)\\1')).toMatch(/cannot be used: backreferences/);
    expect(regexProblem('(?<n>a)\\k<n>')).toMatch(/backreferences/);
    expect(regexProblem('^(?!sub)teacher')).toMatch(/lookahead and lookbehind/);
    expect(regexProblem('(?<=grade )3')).toMatch(/lookahead and lookbehind/);
    expect(regexProblem('caf\\u00e9')).toMatch(/\\x\{00e9\}/);
    expect(regexProblem('a{1001}')).toMatch(/at most 1000/);
    expect(regexProblem('(teacher')).toMatch(/is not a valid regular expression: missing closing \)/);
  });
});

describe('the crosswalk', () => {
  it('refuses a rule RE2 cannot run, and accepts the nested repetitions it runs in linear time', () => {
    expect(crosswalkPatternProblem('regex', '(para)\\1')).toMatch(
      /^'\(para\)\\1' cannot be used: backreferences/,
    );
    expect(crosswalkPatternProblem('regex', '^(a|a)*$')).toBeNull();
    expect(crosswalkPatternProblem('regex', '((a+))+$')).toBeNull();
  });

  it('matches no glob or regex against a title longer than the bound', () => {
    const long = `${'teacher '.repeat(40)}`.trim();
    expect(long.length).toBeGreaterThan(MAX_MATCHED_TITLE);
    expect(compilePattern('glob', '*teacher*')(long)).toBe(false);
    expect(compilePattern('regex', 'teacher')(long)).toBe(false);
    expect(compilePattern('glob', '*teacher*')(long.slice(0, MAX_MATCHED_TITLE))).toBe(true);
  });

  it('resolves hostile titles against hostile rules quickly, leaving out a stored rule RE2 refuses', () => {
    const rule = (id: number, matchType: 'glob' | 'regex', pattern: string) => ({
      id,
      matchType,
      pattern,
      workGroupId: id,
      workGroupName: `Group ${id}`,
      categoryId: null,
      categoryName: null,
      deseCode: null,
      fundId: null,
      fundName: null,
    });
    const matcher = new CrosswalkMatcher([
      rule(1, 'regex', '^(a|a)*$'),
      rule(2, 'regex', '((a+))+$'),
      rule(3, 'glob', `${'*a'.repeat(25)}*b`),
      rule(4, 'regex', '^(\\w)\\1'),
    ]);
    const ms = timed(() => {
      for (let i = 0; i < 1000; i += 1) {
        matcher.resolve(`${'a'.repeat(30 + (i % 21))}${i}!`);
      }
    });
    expect(ms).toBeLessThan(BUDGET_MS);
    expect(matcher.size).toBe(3);
    expect(matcher.unusable).toEqual([
      { ruleId: 4, pattern: '^(\\w)\\1', message: expect.stringMatching(/backreferences/) },
    ]);
    expect(matcher.resolve('a'.repeat(40))?.ruleIds).toEqual([1, 2]);
  });
});
