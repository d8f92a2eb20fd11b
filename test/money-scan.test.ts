import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Money has one home. shared/money.ts parses amounts, does cents arithmetic
 * and formats dollars for the server, the web app and the CLI; this scan fails when any other file
 * under server/, web/src/ or cli/ (tests included: a test's own copy of toCents can disagree with
 * the code it checks) defines one of its functions again, a money parser or a currency formatter.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const HOME = 'shared/money.ts';
const SCHEMAS = 'shared/schemas/common.ts';
const SCANNED = ['server', 'web/src', 'cli'];

/** Allowed on purpose, with the reason. */
const ALLOWED: Record<string, string> = {
  // Reads a spreadsheet cell (number, text, date, boolean) and hands the text to parseWrittenMoney.
  'server/lib/import/money.ts': 'parseMoney',
};

/** The names shared/money.ts exports: nobody else defines them. */
function homeNames(): string[] {
  const text = readFileSync(path.join(ROOT, HOME), 'utf8');
  return [...text.matchAll(/^export (?:const|function|class|type|interface) (\w+)/gm)].map((m) => m[1]);
}

const definition = (name: string) => new RegExp(`\\b(?:const|let|var|function|class)\\s+${name}\\b`);

interface Rule {
  what: string;
  test: (text: string) => string | null;
}

const MONEY_SCHEMA = /\b(?:const|let|function)\s+(?:moneyInput|moneyOut|fileDecimal)\b/;

function rules(names: string[]): Rule[] {
  const first = (re: RegExp) => (text: string) =>
    re.exec(text)?.[0].replace(/\s+/g, ' ').slice(0, 80) ?? null;
  return [
    {
      what: 'defines a name of shared/money.ts again',
      test: (text) => names.find((n) => definition(n).test(text)) ?? null,
    },
    {
      what: 'defines a money parser',
      test: first(/\b(?:const|let|function)\s+parse\w*(?:Money|Dollars|Amount|Cents)\w*/),
    },
    { what: 'defines a cents conversion', test: first(/\b(?:const|let|function)\s+(?:to|from)Cents\b/) },
    {
      what: 'defines a currency formatter',
      test: first(/\b(?:const|let|function)\s+format\w*(?:Money|Dollars|Currency)\w*/),
    },
    { what: 'formats currency with Intl', test: first(/Intl\.NumberFormat\([^;]*?currency/s) },
    // The zod shapes of money at the API's edge live beside the other schema helpers.
    { what: 'defines a money schema outside shared/schemas/common.ts', test: first(MONEY_SCHEMA) },
    { what: 'formats currency with toLocaleString', test: first(/toLocaleString\([^;]*?currency/s) },
  ];
}

function files(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = `${dir}/${d.name}`;
    if (d.isDirectory()) {
      return d.name === 'node_modules' || d.name === 'dist' ? [] : files(rel);
    }
    return /\.(ts|tsx|mts)$/.test(d.name) ? [rel] : [];
  });
}

/** Every finding in these files, as 'file: what (evidence)'. */
export function moneyOutsideItsHome(paths: string[], read: (p: string) => string): string[] {
  const all = rules(homeNames());
  return paths.flatMap((p) => {
    if (p === HOME) {
      return [];
    }
    const text = p === SCHEMAS ? read(p).replace(new RegExp(MONEY_SCHEMA.source, 'g'), '') : read(p);
    return all.flatMap((rule) => {
      const found = rule.test(text);
      return found && !(ALLOWED[p] && found.includes(ALLOWED[p])) ? [`${p}: ${rule.what} (${found})`] : [];
    });
  });
}

describe('money has one home (shared/money.ts)', () => {
  it('no file under server/, web/src/ or cli/ parses or formats money by itself', () => {
    const paths = SCANNED.flatMap(files);
    expect(paths.length).toBeGreaterThan(300);
    expect(moneyOutsideItsHome(paths, (p) => readFileSync(path.join(ROOT, p), 'utf8'))).toEqual([]);
  });

  it('fails on a probe of each kind', () => {
    const probes: Record<string, string> = {
      'server/services/probe-a.ts': 'const toCents = (d: number) => Math.round(d * 100);',
      'web/src/screens/probe/b.ts':
        "const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });",
      'cli/commands/probe-c.ts':
        "const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });",
      'server/lib/probe-d.ts': 'export function formatDollars(v: number) { return `$${v}`; }',
      'shared/schemas/probe-e.ts': 'export const MAX_MONEY = 999_999_999_999.99;',
      'web/src/lib/probe-f.ts': 'export function parseAmountText(t: string) { return Number(t); }',
      'server/lib/import/money.ts': 'export function parseMoney(cell: Cell) {}',
      'shared/schemas/line-item-inputs.ts': 'export const moneyInput = z.number().finite();',
    };
    const found = moneyOutsideItsHome(Object.keys(probes), (p) => probes[p]);
    expect(found.map((f) => f.split(':')[0])).toEqual([
      'server/services/probe-a.ts',
      'server/services/probe-a.ts',
      'web/src/screens/probe/b.ts',
      'cli/commands/probe-c.ts',
      'server/lib/probe-d.ts',
      'shared/schemas/probe-e.ts',
      'web/src/lib/probe-f.ts',
      'shared/schemas/line-item-inputs.ts',
    ]);
  });
});
