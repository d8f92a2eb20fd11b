import { describe, expect, it } from 'vitest';
import { accountPatternProblem, compileAccountPattern, DEFAULT_ACCOUNT_PATTERN } from './account-pattern';

describe('compileAccountPattern', () => {
  it("splits Lunenburg's MUNIS accounts into function and object", () => {
    const p = compileAccountPattern(DEFAULT_ACCOUNT_PATTERN);
    expect(p.parse('0100-3-300-4220-01-1-74-2-535006')).toEqual({
      ok: true,
      functionCode: '4220',
      objectCode: '535006',
      locationCode: null,
    });
    expect(p.parse(' 0100-3-300-2305-03-2-10-1-511001 ')).toMatchObject({ functionCode: '2305' });
    // '...' may stand for no segment at all.
    expect(p.parse('0100-3-300-2305-511001')).toMatchObject({ functionCode: '2305', objectCode: '511001' });
  });

  it('reads a location segment and fixed-width segments', () => {
    const p = compileAccountPattern('fund-x-xxx-FUNC-LOC-...-OBJECT');
    expect(p.parse('0100-3-300-2305-03-2-10-1-511001')).toEqual({
      ok: true,
      functionCode: '2305',
      objectCode: '511001',
      locationCode: '03',
    });
    expect(p.parse('0100-33-300-2305-03-511001')).toEqual({
      ok: false,
      reason:
        "account '0100-33-300-2305-03-511001' does not match the pattern fund-x-xxx-FUNC-LOC-...-OBJECT",
    });
  });

  it('takes other separators and a pattern ending in ...', () => {
    const p = compileAccountPattern('xx.xxx.FUNC.OBJECT....');
    expect(p.parse('01.170.2305.51100')).toMatchObject({
      ok: true,
      functionCode: '2305',
      objectCode: '51100',
    });
    expect(p.parse('01.170.2305.51100.7.8')).toMatchObject({ ok: true, functionCode: '2305' });
  });

  it('refuses accounts that do not fit, with the reason', () => {
    const p = compileAccountPattern(DEFAULT_ACCOUNT_PATTERN);
    expect(p.parse('')).toEqual({ ok: false, reason: 'no account number' });
    expect(p.parse('TOTAL EXPENSES')).toMatchObject({ ok: false });
    expect(p.parse('0100-3-300-23A5-03-511001')).toMatchObject({ ok: false });
  });

  it('names what is wrong with a pattern', () => {
    expect(accountPatternProblem('')).toMatch(/Write the account pattern/);
    expect(accountPatternProblem('fund-x-OBJECT')).toMatch(/FUNC/);
    expect(accountPatternProblem('fund-FUNC-FUNC')).toMatch(/twice/);
    expect(accountPatternProblem('fund--FUNC')).toMatch(/no segment/);
    expect(accountPatternProblem('Fund-FUNC')).toMatch(/'Fund' is not a segment/);
    expect(accountPatternProblem('fund-(FUNC)')).toMatch(/not a segment/);
    expect(accountPatternProblem(DEFAULT_ACCOUNT_PATTERN)).toBeNull();
  });
});
