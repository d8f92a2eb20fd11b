import { z } from 'zod';
import { AppError, translateDbError } from '@server/errors';

/** Prints rows as an aligned table, or JSON with --json. */
export function printRows(rows: Record<string, unknown>[], json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  if (!rows.length) {
    process.stdout.write('(none)\n');
    return;
  }
  const cols = Object.keys(rows[0]);
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => text(r[c]).length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  process.stdout.write(`${line(cols)}\n${line(widths.map((w) => '-'.repeat(w)))}\n`);
  for (const r of rows) {
    process.stdout.write(`${line(cols.map((c) => text(r[c])))}\n`);
  }
}

/** Parses flags with the same zod schema the API uses, so the CLI refuses what the API refuses. */
export function parseFlags<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  --${i.path.join('.') || 'input'}: ${i.message}`);
    throw new AppError(400, 'VALIDATION_FAILED', `Invalid input:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Prints an error with the API's code and exits non-zero (2 for bad input, 1 otherwise). */
export function fail(raw: unknown): never {
  const err = translateDbError(raw);
  if (err instanceof AppError) {
    process.stderr.write(`Error [${err.code}]: ${err.message}\n`);
    process.exit(err.status === 400 ? 2 : 1);
  }
  process.stderr.write(`Error: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
