import { describe, expect, it } from 'vitest';
import { buildDemoDistrict } from '@seeds/demo-district';
import {
  blockKey,
  jaroWinkler,
  normalizeName,
  prepareRecord,
  scorePair,
  soundex,
  type PersonRecord,
} from './line-items-duplicate-score';

const person = (overrides: Partial<PersonRecord>): PersonRecord => ({
  id: 1,
  fiscalYear: 2026,
  firstName: 'Maria',
  lastName: 'Rodrigues',
  position: 'Special Education Paraprofessional',
  buildingId: 3,
  currentSalary: 33480,
  hireDate: '2016-08-29',
  ...overrides,
});
const score = (a: Partial<PersonRecord>, b: Partial<PersonRecord>) =>
  scorePair(prepareRecord(person({ id: 1, ...a })), prepareRecord(person({ id: 2, ...b })));

describe('name similarity', () => {
  it('normalises, encodes and compares names', () => {
    expect(normalizeName("O'Brien")).toBe(normalizeName('OBrien'));
    expect(normalizeName('José')).toBe('jose');
    expect(soundex('Rodrigues')).toBe('R362');
    expect(soundex('Rodriguez')).toBe('R362');
    expect(soundex('Ashcraft')).toBe('A261');
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
  });

  it('puts the misspellings of one person in the same block', () => {
    const key = (firstName: string, lastName: string) =>
      blockKey(prepareRecord(person({ firstName, lastName })));
    expect(key('Maria', 'Rodrigues')).toBe(key('Maria', 'Rodriguez'));
    expect(key('Katherine', "O'Brien")).toBe(key('Kathryn', 'OBrien'));
    expect(key('Bill', 'Smith')).toBe(key('William', 'Smith'));
    expect(key('', 'Smith')).toBeNull();
  });
});

describe('scorePair', () => {
  it('scores a misspelt entry of the same job high, with its reasons', () => {
    const s = score({}, { lastName: 'Rodriguez', currentSalary: 33892.5 });
    expect(s).toEqual({
      score: 93,
      factors: [
        'Last name 95% similar',
        'Same first name',
        'Same position',
        'Same building',
        'Salary within 5%',
        'Same hire date',
      ],
    });
    expect(score({ firstName: 'Bill' }, { firstName: 'William' })?.factors).toContain(
      'First name is a nickname of the other',
    );
    expect(score({ firstName: 'Jon' }, { firstName: 'Jonathan' })?.factors).toContain(
      'First name is a short form of the other',
    );
    expect(score({}, { currentSalary: 33500 })?.factors).toContain('Salary within 1%');
  });

  it('does not suggest different people who share a surname, a school or a job', () => {
    expect(score({ firstName: 'Kevin' }, { firstName: 'Katherine' })).toBeNull();
    // Same name, but a different job in a different school, paid differently, hired another year.
    expect(
      score({}, { position: 'Custodian', buildingId: 5, currentSalary: 52000, hireDate: '2020-01-06' }),
    ).toBeNull();
    expect(score({ lastName: 'Smith' }, { lastName: 'Smythe-Jones' })).toBeNull();
  });
});

describe('on the demo district', () => {
  it('finds exactly the three planted duplicates of each fiscal year and nothing else', () => {
    const { employees } = buildDemoDistrict();
    const buildings = new Map<string, number>();
    const records = employees.map((e, i) =>
      prepareRecord({
        id: i + 1,
        fiscalYear: e.fiscalYear,
        firstName: e.firstName,
        lastName: e.lastName,
        position: e.position,
        buildingId:
          e.buildingCode === null
            ? null
            : (buildings.get(e.buildingCode) ??
              buildings.set(e.buildingCode, buildings.size + 1).get(e.buildingCode)!),
        currentSalary: e.salaryCents / 100,
        hireDate: e.hireDate,
      }),
    );
    const blocks = new Map<string, typeof records>();
    for (const r of records) {
      const key = blockKey(r);
      if (key) {
        blocks.set(key, [...(blocks.get(key) ?? []), r]);
      }
    }
    const found: string[] = [];
    for (const block of blocks.values()) {
      for (let i = 0; i < block.length; i += 1) {
        for (let j = i + 1; j < block.length; j += 1) {
          if (scorePair(block[i], block[j])) {
            const names = [block[i], block[j]].map((r) => `${r.firstName} ${r.lastName}`).sort();
            found.push(`${block[i].fiscalYear}: ${names.join(' / ')}`);
          }
        }
      }
    }
    const years = [...new Set(found.map((f) => f.slice(0, 4)))];
    expect(found.sort()).toEqual(
      years
        .flatMap((y) => [
          `${y}: Jon Silva / Jonathan Silva`,
          `${y}: Katherine O'Brien / Kathryn OBrien`,
          `${y}: Maria Rodrigues / Maria Rodriguez`,
        ])
        .sort(),
    );
    expect(years.length).toBeGreaterThanOrEqual(1);
  });
});
