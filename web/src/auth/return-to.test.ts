import { describe, expect, it } from 'vitest';
import { returnHere, returnPath } from './return-to';

describe('where a visitor goes once signed in', () => {
  it('back to the page of this app that sent them, with its query', () => {
    const from = returnHere({ pathname: '/budget-stages/compare', search: '?from=3&to=current', hash: '' });
    expect(returnPath(from)).toBe('/budget-stages/compare?from=3&to=current');
    expect(returnPath({ from: '/admin/positions' })).toBe('/admin/positions');
  });

  it('to the dashboard for anything that is not a path of this app', () => {
    for (const state of [
      null,
      undefined,
      'x',
      {},
      { from: 42 },
      { from: 'https://elsewhere.example/' },
      { from: '//elsewhere.example/x' },
      { from: '/\\elsewhere.example' },
      { from: 'admin/positions' },
      { from: '/login' },
      { from: '/login?x=1' },
    ]) {
      expect(returnPath(state), JSON.stringify(state)).toBe('/');
    }
    expect(returnPath({ from: '/login-help' })).toBe('/login-help');
  });
});
