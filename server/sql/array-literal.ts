/**
 * A PostgreSQL array literal's text ('{1,2}', '{"2026:5","2027:5"}') for one binding cast in the
 * SQL (`= ANY(?::int[])`): knex spreads an array given as a binding into a list of values, so a
 * whole array travels as its text. Text elements are quoted, with their quotes and backslashes
 * escaped, so no element can end the literal early.
 */
export function arrayLiteral(values: readonly (number | string)[]): string {
  const element = (v: number | string) =>
    typeof v === 'number' ? String(v) : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return `{${values.map(element).join(',')}}`;
}
