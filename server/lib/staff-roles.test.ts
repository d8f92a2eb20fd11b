import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useDb } from '../../test/use-db';
import { realFile, skipWithout } from '../../test/real-files';
import { classifyTitle, classifyTitleSql, type StaffRole } from './staff-roles';

const BOSTON = realFile('boston_employee_earnings_report_2024.csv');
/** Skipped without ../shared locally, required under CI (test/real-files.ts). */
const SKIP_BOSTON = skipWithout(BOSTON);

/**
 * Titles as they appear in the real rosters (Boston's 2024 earnings report, Chicago Public Schools'
 * position roster), with what a school finance office would call them.
 */
const PARAS = [
  'Paraprofessional',
  'Para',
  'Aide',
  'Instructional Aide',
  'Teacher Aide',
  'Library Aide',
  'One to One Para',
  'Cluster Paraprofessional',
  'SPED Coverage Paraprofessional',
  'Surround Care Paraprofessional',
  'Summer  1-1 Para(BTU)',
  'Summer BTU Para',
  'C O T A Para',
  'Health Para',
  'Para Educator',
  'Para-Educator',
  'Paraeducators',
  'Paraprofessionals',
  'Teacher Assistant',
  'Teacher Asst Bil Spanish I',
  'Special Ed Classroom Assist II',
  'Instructor Assistant',
  'Instructional Assistant',
];
const TEACHERS = [
  'Teacher',
  'Teacher I',
  'Lead Teacher',
  'Substitute Teacher',
  'Per Diem Substitute Teacher HE',
  'Sub Teacher - Retiree',
  'Regular Teacher',
  'Special Education Teacher',
  'Teacher-Speech Pathologist',
  'Teacher - Librarian',
  'Grade 3 Teacher',
  'Teachers Association',
];
const NEITHER = [
  'Paralegal',
  'Paralegal (C)',
  'Paralegal (LAW)',
  'Paralegal Assistant(C)',
  'Paralegal I',
  'Pub Records Spec. (Paralegal)',
  'Parade Marshal',
  'Paramedic',
  'Administrative Assistant (B)',
  'Executive Assistant',
  'School Assistant',
  'Assistant Principal',
  'Guidance Counselor Assistant',
  'Custodian',
  'Principal',
  '',
];

function expected(title: string): StaffRole | null {
  if (PARAS.includes(title)) {
    return 'paras';
  }
  return TEACHERS.includes(title) ? 'teachers' : null;
}

const db = useDb();

/** classifyTitleSql's answer for each title, from PostgreSQL. */
async function classifyInSql(titles: string[]): Promise<(StaffRole | null)[]> {
  const { rows } = await db.knex.raw(
    `SELECT ${classifyTitleSql('t.title')} AS role FROM unnest(?::text[]) WITH ORDINALITY AS t(title, n) ORDER BY t.n`,
    [titles],
  );
  return rows.map((r: { role: StaffRole | null }) => r.role);
}

describe('teachers and paraeducators, by whole words of a known list', () => {
  const titles = [...PARAS, ...TEACHERS, ...NEITHER];

  it('classifies real titles: paralegals and administrative assistants are not paraeducators', () => {
    expect(titles.map((t) => [t, classifyTitle(t)])).toEqual(titles.map((t) => [t, expected(t)]));
    expect(classifyTitle(null)).toBeNull();
  });

  it('gives the same answers in SQL as in TypeScript', async () => {
    expect(await classifyInSql(titles)).toEqual(titles.map(expected));
    expect(await classifyInSql([null as unknown as string])).toEqual([null]);
  });

  it.skipIf(SKIP_BOSTON)(
    'agrees in SQL and TypeScript on every title of Boston’s 2024 earnings report, no paralegal a para',
    async () => {
      expect(existsSync(BOSTON), `${BOSTON} is missing (CI needs ../shared/fixtures/real)`).toBe(true);
      const lines = readFileSync(BOSTON, 'utf8').split('\n').slice(1);
      // TITLE is the third column; names are quoted and hold a comma, titles are not quoted.
      const all = new Set<string>();
      for (const line of lines) {
        const cells = line.match(/("[^"]*"|[^,]*)(,|$)/g)?.map((c) => c.replace(/,$/, '')) ?? [];
        if (cells.length > 2) {
          all.add(cells[2].replace(/^"|"$/g, ''));
        }
      }
      const distinct = [...all];
      expect(distinct.length).toBeGreaterThan(1000);
      const ts = distinct.map(classifyTitle);
      expect(await classifyInSql(distinct)).toEqual(ts);
      const paralegals = distinct.filter((t) => /paralegal/i.test(t));
      expect(paralegals.length).toBe(5);
      expect(paralegals.map(classifyTitle)).toEqual(paralegals.map(() => null));
      const paras = distinct.filter((t, i) => ts[i] === 'paras');
      expect(paras).toContain('Paraprofessional');
      expect(paras.every((t) => /\b(para|paraprofessional|aide)\b/i.test(t))).toBe(true);
    },
  );
});
