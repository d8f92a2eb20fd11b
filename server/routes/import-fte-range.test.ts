import { describe, expect, it } from 'vitest';
import { importSuite } from '../../test/worlds/import.suite';

/**
 * An import with an FTE of 0, negative or above 1.5: a 400 naming currentFTE
 * and the row, nothing written (a schedule pays a line its cell times its FTE, so such a value
 * would move salaries); a blank FTE cell still imports.
 */
const s = importSuite('import-fte-range-');
const { upload, execute } = s;

const staff = (fte: string) =>
  [
    'Employee Name,Title,Salary,FTE',
    '"Lee, Ana",Teacher,"61,234.50",1',
    `"Park, Jo",Teacher,"48,000.00",${fte}`,
  ].join('\r\n');

const lineCount = async () => Number((await s.t.db.knex('line_items').count({ n: '*' }).first())!.n);

describe('POST /import/execute with an FTE out of range', () => {
  it.each(['0', '0%', '1.6', '-0.5', '151'])(
    'refuses FTE %s with a 400 naming currentFTE, nothing written',
    async (fte) => {
      const before = await lineCount();
      const { fileName, mapping } = await upload(staff(fte));
      expect(mapping).toMatchObject({ currentFTE: 'FTE' });
      const res = await execute({ fileName, columnMappings: mapping, noteColumns: [], ...s.target() });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['currentFTE']);
      expect(res.body.error).toMatch(/^Row 3: FTE/);
      expect(await lineCount()).toBe(before);
    },
  );

  it('imports 0.8 and 80% as 0.80', async () => {
    for (const fte of ['0.8', '80%']) {
      const { fileName, mapping } = await upload(staff(fte));
      const res = await execute({ fileName, columnMappings: mapping, noteColumns: [], ...s.target() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const park = await s.t.db
        .knex('line_items')
        .where({ last_name: 'Park', budget_year_id: s.d.budgetYearId })
        .orderBy('id', 'desc')
        .first();
      expect(Number(park.current_fte)).toBe(0.8);
    }
  });
});
