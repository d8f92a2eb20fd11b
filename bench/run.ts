// npm run bench [name...]: runs every bench/*.bench.ts (or the named ones) and prints their figures.
// Benchmarks measure on the real PostgreSQL server (BENCH_DATABASE_URL, default the local one) and
// create and drop a database of their own.
import { readdirSync } from 'node:fs';
import path from 'node:path';

export interface BenchContext {
  /** A URL of the PostgreSQL server; benches create their own databases on it. */
  serverUrl: string;
  report(name: string, value: number | string, unit?: string): void;
}

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const all = readdirSync(dir).filter((f) => f.endsWith('.bench.ts'));
// A name that is a bench's whole name runs that bench alone ('import' is not also 'ledger-import');
// any other name runs every bench whose name contains it.
const picks = (f: string, w: string) =>
  f === `${w}.bench.ts` || (!all.includes(`${w}.bench.ts`) && f.includes(w));
const files = all.filter((f) => !wanted.length || wanted.some((w) => picks(f, w))).sort();

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const results: { bench: string; name: string; value: string }[] = [];
for (const file of files) {
  const mod = (await import(path.join(dir, file))) as { default: (ctx: BenchContext) => Promise<void> };
  const bench = file.replace('.bench.ts', '');
  process.stdout.write(`\n## ${bench}\n`);
  await mod.default({
    serverUrl,
    report(name, value, unit = '') {
      const text = `${typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 1 }) : value}${unit ? ` ${unit}` : ''}`;
      results.push({ bench, name, value: text });
      process.stdout.write(`  ${name}: ${text}\n`);
    },
  });
}
if (!files.length) {
  process.stdout.write('No benchmarks matched.\n');
}
process.stdout.write(
  `\n| bench | measure | value |\n|---|---|---|\n${results.map((r) => `| ${r.bench} | ${r.name} | ${r.value} |`).join('\n')}\n`,
);
