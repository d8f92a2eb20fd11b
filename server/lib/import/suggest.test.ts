import { describe, expect, it } from 'vitest';
import type { Cell } from './cells';
import { BuildingMatcher, CategoryMatcher, WorkGroupMatcher } from './match';
import { profileColumns } from './profile';
import { headerScore, suggestMappings } from './suggest';
import { OPERATING_WORDS, PROPOSED_WORDS } from './synonyms';

const buildings = new BuildingMatcher([
  { id: 1, name: 'Center Street Elementary School', code: 'CSE' },
  { id: 2, name: 'Hillside Elementary School', code: 'HSE' },
  { id: 3, name: 'Millbrook High School', code: 'MHS' },
  { id: 4, name: 'Hillside Middle School', code: null },
]);
const categories = new CategoryMatcher([
  { id: 10, name: 'Teachers', code: 'TCHR', deseFunction: '2305' },
  { id: 11, name: 'Teachers (Special Ed)', code: null, deseFunction: '2305' },
]);

describe('matching reference data', () => {
  it('finds buildings by code, name, spelled-out name and a unique word, and nothing when unsure', () => {
    expect(buildings.match('mhs')).toBe(3);
    expect(buildings.match('Center Street Elementary School')).toBe(1);
    expect(buildings.match('center st. elem')).toBe(1);
    expect(buildings.match('The Millbrook High')).toBe(3);
    expect(buildings.match('Millbrook HS')).toBe(3);
    expect(buildings.match('Millbrook')).toBe(3);
    // Two buildings are called Hillside: ambiguous, so no match.
    expect(buildings.match('Hillside')).toBeNull();
    expect(buildings.match('Hillside Middle')).toBe(4);
    expect(buildings.match('Boston Latin')).toBeNull();
    // 'HS' spelled out is 'high', and only one building is a high school.
    expect(buildings.match('HS')).toBe(3);
    expect(buildings.match('ES')).toBeNull();
  });

  it('finds categories by name, code or DESE code (first by display order), and work groups by name', () => {
    expect(categories.byName('teachers')).toBe(10);
    expect(categories.byName('TCHR')).toBe(10);
    expect(categories.byDeseCode('2305')).toBe(10);
    expect(categories.byDeseCode('9999')).toBeNull();
    expect(new WorkGroupMatcher([{ id: 5, name: 'Unit A (Teachers)' }]).match('unit a teachers')).toBe(5);
  });
});

describe('headerScore', () => {
  it('scores exact names high, partial ones medium, and respects vetoes', () => {
    expect(headerScore(OPERATING_WORDS.lastName, 'NAME')).toBeGreaterThanOrEqual(90);
    expect(headerScore(OPERATING_WORDS.lastName, 'Employee Last Name')).toBeGreaterThanOrEqual(90);
    expect(headerScore(OPERATING_WORDS.lastName, 'DEPARTMENT_NAME')).toBe(0);
    expect(headerScore(OPERATING_WORDS.lastName, 'First Name')).toBe(0);
    expect(headerScore(OPERATING_WORDS.currentSalary, 'TOTAL GROSS')).toBeLessThan(90);
    expect(headerScore(OPERATING_WORDS.currentSalary, 'Annual Benefit Cost')).toBe(0);
    expect(headerScore(OPERATING_WORDS.jobClass, 'JobCode')).toBeGreaterThanOrEqual(90);
    expect(headerScore(PROPOSED_WORDS.amount, 'FY24 ACTUAL')).toBe(0);
    expect(headerScore(PROPOSED_WORDS.amount, 'CHANGE (%)')).toBe(0);
    expect(headerScore(PROPOSED_WORDS.amount, 'FY27 Proposed')).toBeGreaterThan(55);
  });
});

describe('suggestMappings', () => {
  const sample = (rows: Cell[][]) => profileColumns(rows[0].length, rows, { buildings, categories });

  it('maps by header names, preferring the newest year, and gives every field an entry', () => {
    const columns = ['Description', 'FY25 Budget', 'FY26 Budget', 'FY26 Actual', 'Account'];
    const rows: Cell[][] = [['Supplies', '1,000', '2,000', '900', '01-100-2305-5400']];
    const s = suggestMappings('proposed', columns, sample(rows), 1);
    expect(s.accountDescription).toEqual({ csvColumn: 'Description', confidence: 'high' });
    expect(s.amount).toEqual({ csvColumn: 'FY26 Budget', confidence: 'medium' });
    expect(s.accountLine).toEqual({ csvColumn: 'Account', confidence: 'high' });
    expect(s.category).toEqual({ csvColumn: null, confidence: 'none' });
    expect(Object.keys(s)).toHaveLength(11);
    expect(s.fund).toEqual({ csvColumn: null, confidence: 'none' });
  });

  it('maps by values when headers say nothing: names, buildings, salaries, dates', () => {
    const columns = ['Col1', 'Col2', 'Col3', 'Col4'];
    const rows: Cell[][] = Array.from({ length: 10 }, (_, i) => [
      `${['Lee', 'Roe', 'Park'][i % 3]}, Ana`,
      'MHS',
      `${60 + i},000.00`,
      `9/${i + 1}/2015`,
    ]);
    const s = suggestMappings('operating', columns, sample(rows), rows.length);
    expect(s.lastName).toEqual({ csvColumn: 'Col1', confidence: 'medium' });
    expect(s.locationCode).toEqual({ csvColumn: 'Col2', confidence: 'high' });
    expect(s.currentSalary).toEqual({ csvColumn: 'Col3', confidence: 'medium' });
    expect(s.hireDate).toEqual({ csvColumn: 'Col4', confidence: 'medium' });
  });

  it('never uses one column twice, and distrusts a money header over text values', () => {
    const s = suggestMappings('operating', ['Name', 'Salary'], sample([['Ana Lee', 'ask HR']]), 1);
    expect(s.lastName.csvColumn).toBe('Name');
    expect(s.currentSalary.confidence).not.toBe('high');
  });
});
