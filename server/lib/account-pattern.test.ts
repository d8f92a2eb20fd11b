import { describe, expect, it } from 'vitest';
import {
  accountPatternProblem,
  compileAccountPattern,
  DEFAULT_ACCOUNT_PATTERN,
  MAX_ACCOUNT_LENGTH,
} from './account-pattern';

describe('compileAccountPattern', () => {
  it("splits Lunenburg's MUNIS accounts into fund, function and object", () => {
    const p = compileAccountPattern(DEFAULT_ACCOUNT_PATTERN);
    expect(DEFAULT_ACCOUNT_PATTERN).toBe('FUND-x-xxx-FUNC-...-OBJECT');
    expect(p.parse('0100-3-300-4220-01-1-74-2-535006')).toEqual({
      ok: true,
      fundCode: '0100',
      functionCode: '4220',
      objectCode: '535006',
      locationCode: null,
    });
    expect(p.parse(' 0100-3-300-2305-03-2-10-1-511001 ')).toMatchObject({
      fundCode: '0100',
      functionCode: '2305',
    });
    expect(p.parse('2401-3-300-2305-511001')).toMatchObject({ fundCode: '2401' });
    // '...' may stand for no segment at all.
    expect(p.parse('0100-3-300-2305-511001')).toMatchObject({ functionCode: '2305', objectCode: '511001' });
  });

  it('reads a location segment and fixed-width segments', () => {
    const p = compileAccountPattern('fund-x-xxx-FUNC-LOC-...-OBJECT');
    // A lower-case word stays an ignored segment: no fund is read.
    expect(p.parse('0100-3-300-2305-03-2-10-1-511001')).toEqual({
      ok: true,
      fundCode: null,
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

  it('reads FUND anywhere, letters and digits of any length, once only', () => {
    const p = compileAccountPattern('xx.FUNC.FUND.OBJECT');
    expect(p.parse('01.2305.sped7.51100')).toMatchObject({
      ok: true,
      fundCode: 'sped7',
      functionCode: '2305',
    });
    expect(accountPatternProblem('FUND-FUND-FUNC')).toMatch(/FUND appears twice/);
    expect(accountPatternProblem('Fund-FUNC')).toMatch(/use FUND, FUNC, OBJECT, LOC/);
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

  // Each '...' multiplied the ways of splitting an account: six of them held the server 5.4 s on one
  // 451-character account. One is enough for every ledger layout, and an account is at most 100
  // characters: then the work of one account is at most the square of 100.
  it("refuses a second '...' and reads no account over the length limit, naming both", () => {
    const hostile = 'a-...-b-...-c-...-d-...-e-...-FUNC-...-x';
    expect(accountPatternProblem(hostile)).toMatch(
      /^The account pattern 'a-\.\.\.-b-.*' writes '\.\.\.' 6 times: write it at most once/,
    );
    expect(accountPatternProblem('fund-...-FUNC....')).toMatch(/writes '\.\.\.' 2 times/);
    expect(accountPatternProblem('...-FUNC-OBJECT')).toBeNull();
    const p = compileAccountPattern(DEFAULT_ACCOUNT_PATTERN);
    const long = `0100-3-300-2305-${'12-'.repeat(28)}511001`;
    expect(long.length).toBeGreaterThan(MAX_ACCOUNT_LENGTH);
    expect(p.parse(long)).toEqual({
      ok: false,
      reason: `account '${long.slice(0, 30)}…' is ${long.length} characters long: an account is at most 100`,
    });
    const longest = `0100-3-300-2305-${'12-'.repeat(26)}511001`;
    expect(longest.length).toBe(MAX_ACCOUNT_LENGTH);
    expect(p.parse(longest)).toMatchObject({ ok: true, functionCode: '2305', objectCode: '511001' });
  });

  it('reads a hostile account of the longest length in bounded time', () => {
    // Many separators, no object code at the end: every way of splitting at '...' is tried.
    const p = compileAccountPattern('fund-x-xxx-FUNC-...-LOC-OBJECT-x');
    const account = `0100-3-300-2305-${'1-'.repeat(41)}-`;
    expect(account.length).toBeLessThanOrEqual(MAX_ACCOUNT_LENGTH);
    const started = performance.now();
    for (let i = 0; i < 200; i += 1) {
      expect(p.parse(account).ok).toBe(false);
    }
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
