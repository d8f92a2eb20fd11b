import { z } from 'zod';
import { AppError, translateDbError } from '@server/errors';
import { fromCents, parseMoneyText, ungroupedDecimal } from '@shared/money';
import type { SalaryLinesLocked } from '@shared/schemas/reconciliation';
import { forTheCommandLine } from './wording';

/**
 * Prints the result of a command run with --json: one JSON document (an object, or an array for a
 * list), and nothing else on stdout, so `budget-cli ... --json | jq` and JSON.parse read it whole.
 */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Words a column's header keeps in capitals: 'requiredNss' -> 'Required NSS'. */
const HEADER_ACRONYMS = new Set(['id', 'fy', 'fte', 'nss', 'dese', 'cola', 'gl', 'url']);
/** A column named by its year ('FY26', 'FY25 actual') keeps the label as fiscalYearLabel writes it. */
const FY_LABEL = /^fy\d{2}$/i;

/**
 * A row's key as the table's header says it: 'workGroup' -> 'Work group', 'fiscalYear' ->
 * 'Fiscal year', 'id' -> 'ID'; a key already in words ('fiscal years') gets its capital only.
 * --json keeps the keys (scripts read them).
 */
export function headerWords(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((w) =>
      HEADER_ACRONYMS.has(w.toLowerCase()) || FY_LABEL.test(w) ? w.toUpperCase() : w.toLowerCase(),
    );
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Prints rows as an aligned table (headers in words: headerWords), or with --json as one JSON array. */
export function printRows(rows: Record<string, unknown>[], json: boolean): void {
  if (json) {
    printJson(rows);
    return;
  }
  if (!rows.length) {
    process.stdout.write('(none)\n');
    return;
  }
  const cols = Object.keys(rows[0]);
  const headers = cols.map(headerWords);
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const widths = cols.map((c, i) => Math.max(headers[i].length, ...rows.map((r) => text(r[c]).length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  process.stdout.write(`${line(headers)}\n${line(widths.map((w) => '-'.repeat(w)))}\n`);
  for (const r of rows) {
    process.stdout.write(`${line(cols.map((c) => text(r[c])))}\n`);
  }
}

/**
 * THE reading of a dollar flag (--town-funding, --baseline, --dollar, NSS figures...): what a person
 * types in a form ('76500000', '76,500,000', '$76,500,000.00', '1.2M', '-1,000' where the schema
 * allows negatives) becomes its number, exactly (through cents); anything else stays text, so the
 * API's schema refuses it and parseFlags names the flag.
 */
export function moneyFlag(value: string | undefined): number | string | undefined {
  if (value === undefined) {
    return undefined;
  }
  const text = value.trim();
  if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) {
    return Number(text); // plain digits: the schema checks the cents and the range as the API does
  }
  const negative = text.startsWith('-');
  const read = parseMoneyText(negative ? text.slice(1) : text);
  if (!read.ok) {
    return value;
  }
  return fromCents(negative ? -read.cents : read.cents);
}

/**
 * A number flag (an id, a version, a step) as the API would receive it: plain decimal text becomes its
 * number; anything else ('', '0x10', '1,000', '1e3') stays text, which the schema refuses by name.
 * Counts and FTE take thousands separators too: countFlag.
 */
export function numberFlag<T>(value: T): T | number {
  return typeof value === 'string' && /^[-+]?(\d+\.?\d*|\.\d+)$/.test(value.trim()) ? Number(value) : value;
}

/**
 * THE reading of a count or share flag (--foundation-enrollment, --count, --fte, --share): as
 * numberFlag, and with thousands separators as people write a count and the money flags take them
 * ('1,500' pupils). Anything else ('1,50', '1.5k') stays text, which the schema refuses by name.
 */
export function countFlag<T>(value: T): T | number {
  if (typeof value !== 'string') {
    return value;
  }
  const text = value.trim();
  const sign = /^[-+]/.test(text) ? text[0] : '';
  const plain = ungroupedDecimal(text.slice(sign.length));
  return plain === null ? value : Number(sign === '-' ? `-${plain}` : plain);
}

/** A schema field as the flag a person types: townFunding -> --town-funding (array indexes dropped). */
const flagOf = (path: PropertyKey[], flags: Record<string, string>) => {
  const field = String(path[0] ?? '');
  return flags[field] ?? `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
};

/**
 * One refusal line: '--fte: FTE must be above 0', or the message alone for a rule about the whole
 * input ('Nothing to update'), which no one flag answers (there is no --input to name).
 */
const issueLine = (path: PropertyKey[], message: string, flags: Record<string, string>) =>
  path.length ? `  ${flagOf(path, flags)}: ${message}` : `  ${message}`;

/**
 * Parses flags with the same zod schema the API uses, so the CLI refuses what the API refuses. A
 * refusal names the flag (`flags` maps a field to its flag where the two differ, e.g.
 * `{ publishedYears: '--years' }`), never the API's internal path.
 */
export function parseFlags<T>(schema: z.ZodType<T>, value: unknown, flags: Record<string, string> = {}): T {
  Object.assign(commandFlags, flags);
  const result = schema.safeParse(value);
  if (!result.success) {
    const lines = result.error.issues.map((i) => issueLine(i.path, i.message, flags));
    throw new AppError(400, 'VALIDATION_FAILED', `Invalid input:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** The flags the running command named for its fields (parseFlags), for refusals its services give. */
const commandFlags: Record<string, string> = {};

/** Forgets the flags of the command before: runs in one process (the tests) must not share them. */
export function beginCommand(): void {
  for (const field of Object.keys(commandFlags)) {
    delete commandFlags[field];
  }
}

/**
 * A service's validation refusal ('fiscalYear: FY2099 does not exist...') worded with the flag the
 * person typed ('--fiscal-year: ...'), as parseFlags words its own; other errors are unchanged.
 */
function withFlagNames(err: AppError): AppError {
  const details = err.details as { path?: unknown; message?: unknown }[];
  const fields = details.map((d) => (typeof d.path === 'string' ? d.path : ''));
  const apiText = details.map((d, i) =>
    fields[i] ? `${fields[i]}: ${String(d.message)}` : String(d.message),
  );
  if (!details.length || err.message !== apiText.join('; ')) {
    return err;
  }
  const message = details.map((d, i) => {
    const flag = flagOfPath(fields[i]);
    return flag ? `${flag}: ${String(d.message)}` : apiText[i];
  });
  return new AppError(err.status, err.code, message.join('; '), err.details);
}

/**
 * The flag a service's field path names: 'fiscalYear' -> '--fiscal-year'; a dotted path whose head
 * the command named ('columnMappings.expended' with `{ columnMappings: '--map' }`) -> '--map
 * expended' (an index dropped: 'noteColumns.0' -> '--note-column', and with the field of the
 * repeated flag's value: 'fundShares.0.fundId' -> '--fund-share'); else null (left as it is).
 */
function flagOfPath(field: string): string | null {
  if (/^[a-z][A-Za-z0-9]*$/.test(field)) {
    return flagOf([field], commandFlags);
  }
  const element = /^([a-z][A-Za-z0-9]*)\.\d+\.[A-Za-z0-9]+$/.exec(field);
  if (element && commandFlags[element[1]]) {
    return commandFlags[element[1]];
  }
  const dotted = /^([a-z][A-Za-z0-9]*)\.([A-Za-z0-9]+)$/.exec(field);
  const flag = dotted ? commandFlags[dotted[1]] : undefined;
  if (!dotted || !flag) {
    return null;
  }
  return /^\d+$/.test(dotted[2]) ? flag : `${flag} ${dotted[2]}`;
}

/**
 * Prints an error with the API's code (with --json also as the one JSON document on stdout) and
 * returns the exit code: 2 for bad input, 1 otherwise. Words meant for the web app's screens are
 * put as the commands that do the same (cli/wording.ts); `as` is the run's --as, for those.
 */
export function report(raw: unknown, json: boolean, as?: string): number {
  const translated = translateDbError(raw);
  const err = translated instanceof AppError ? forTheCommandLine(withFlagNames(translated), as) : translated;
  if (err instanceof AppError) {
    if (json) {
      printJson({
        error: err.message,
        code: err.code,
        ...(err.details.length ? { details: err.details } : {}),
      });
    }
    process.stderr.write(`Error [${err.code}]: ${err.message}\n`);
    return err.status === 400 ? 2 : 1;
  }
  if (json) {
    printJson({ error: err instanceof Error ? err.message : String(err), code: 'INTERNAL_ERROR' });
  }
  // LOG_LEVEL=debug shows where an unexpected error came from.
  const stack = process.env.LOG_LEVEL === 'debug' && err instanceof Error ? err.stack : undefined;
  process.stderr.write(`${stack ?? `Error: ${err instanceof Error ? err.message : String(err)}`}\n`);
  return 1;
}

/**
 * A change the locked salary lines of the year it costs into do not have (the write's answer says
 * so, as the screens do): said on stderr, so --json stays one document on stdout.
 */
export function noteLockedLines(answer: { salaryLines?: SalaryLinesLocked }): void {
  if (answer.salaryLines) {
    process.stderr.write(`Note: ${answer.salaryLines.message}\n`);
  }
}
