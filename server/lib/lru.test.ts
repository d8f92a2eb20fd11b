import { describe, expect, it } from 'vitest';
import { LruMap, perDatabase } from './lru';

describe('LruMap', () => {
  it('evicts the least recently used entries once the total size is over the bound', () => {
    const m = new LruMap<string>(10, (v) => v.length);
    m.set('a', 'xxxx');
    m.set('b', 'xxxx');
    expect(m.get('a')).toBe('xxxx'); // a is now more recent than b
    m.set('c', 'xxxx'); // 12 > 10: b goes
    expect(m.get('b')).toBeUndefined();
    expect(m.get('a')).toBe('xxxx');
    expect(m.get('c')).toBe('xxxx');
  });

  it('keeps the entry just stored even when it alone is over the bound', () => {
    const m = new LruMap<string>(3, (v) => v.length);
    m.set('a', 'x');
    m.set('big', 'xxxxxxxx');
    expect(m.get('a')).toBeUndefined();
    expect(m.get('big')).toBe('xxxxxxxx');
  });

  it('counts entries when no size is given', () => {
    const m = new LruMap<number>(2);
    m.set('a', 1);
    m.set('b', 2);
    m.set('a', 3); // replacing does not grow the map
    m.set('c', 4);
    expect([m.get('a'), m.get('b'), m.get('c')]).toEqual([3, undefined, 4]);
  });
});

describe('perDatabase', () => {
  it('gives each database handle its own map, and the same one every time', () => {
    const cacheFor = perDatabase(() => new LruMap<number>(5));
    const one = {};
    const two = {};
    cacheFor(one).set('k', 1);
    expect(cacheFor(one).get('k')).toBe(1);
    expect(cacheFor(two).get('k')).toBeUndefined();
  });
});
