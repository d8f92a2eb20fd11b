import type ExcelJS from 'exceljs';
import { toCents } from '@shared/schemas/common';

/**
 * A small evaluator of the formulas the COLA exports write (cell references, ranges, + - * / >,
 * SUM, SUMIF, IF, ISNUMBER, ROUND, ROUNDUP), for tests: it works out a formula cell from the workbook's
 * own input cells, as Excel would when the file opens. Money literals are read as integer cents
 * (exactly, from their decimal text), so sums are exact; a division gives a plain ratio.
 */

type Value = number | string | boolean | null | Value[];

const TOKEN =
  /\s*(?:([A-Z]{1,3}\d+:[A-Z]{1,3}\d+)|(TRUE|FALSE)(?![A-Z(])|([A-Z]+)\(|([A-Z]{1,3}\d+)|(\d+(?:\.\d+)?)|"([^"]*)"|([-+*/(),>]))/y;

interface Token {
  kind: 'range' | 'bool' | 'func' | 'ref' | 'num' | 'str' | 'op';
  text: string;
}

function tokenize(formula: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < formula.length) {
    const start = TOKEN.lastIndex;
    const m = TOKEN.exec(formula);
    if (!m || TOKEN.lastIndex === start) {
      throw new Error(`Cannot read formula ${formula} at ${start}`);
    }
    const kinds: Token['kind'][] = ['range', 'bool', 'func', 'ref', 'num', 'str', 'op'];
    const i = m.slice(1).findIndex((g) => g !== undefined);
    tokens.push({ kind: kinds[i], text: m[i + 1] });
  }
  return tokens;
}

/** Evaluates formula cells of one worksheet; literal money cells count in cents. */
export class SheetEvaluator {
  constructor(private readonly sheet: ExcelJS.Worksheet) {}

  /** The value of a cell: a literal, or its formula worked out. */
  cell(address: string): Value {
    const v = this.sheet.getCell(address).value;
    if (v === null || v === undefined) {
      return null;
    }
    if (typeof v === 'object' && 'formula' in v) {
      return this.evaluate(String(v.formula));
    }
    if (typeof v === 'number') {
      const cents = toCents(v);
      if (cents === null) {
        throw new Error(`${address} holds ${v}, not an amount in cents`);
      }
      return Number(cents);
    }
    if (typeof v === 'boolean' || typeof v === 'string') {
      return v;
    }
    throw new Error(`${address}: unexpected value`);
  }

  evaluate(formula: string): Value {
    const tokens = tokenize(formula);
    let at = 0;
    const peek = () => tokens[at];
    const take = (text?: string) => {
      const t = tokens[at++];
      if (!t || (text !== undefined && t.text !== text)) {
        throw new Error(`Expected ${text ?? 'a token'} in ${formula}`);
      }
      return t;
    };
    const num = (v: Value) => (v === null || v === '' ? 0 : (v as number));
    const range = (text: string): Value[] => {
      const [a, b] = text.split(':');
      const [, colA, rowA] = /([A-Z]+)(\d+)/.exec(a)!;
      const [, colB, rowB] = /([A-Z]+)(\d+)/.exec(b)!;
      if (colA !== colB) {
        throw new Error('Only one-column ranges are used');
      }
      const out: Value[] = [];
      for (let r = Number(rowA); r <= Number(rowB); r += 1) {
        out.push(this.cell(`${colA}${r}`));
      }
      return out;
    };
    const call = (name: string, args: Value[]): Value => {
      switch (name) {
        case 'SUM':
          return args.flat().reduce<number>((s, v) => s + (typeof v === 'number' ? v : 0), 0);
        case 'SUMIF': {
          const [crit, match, sums] = args as [Value[], string, Value[]];
          return crit.reduce<number>((s, v, i) => (v === match ? s + num(sums[i]) : s), 0);
        }
        case 'IF':
          return args[0] ? args[1] : args[2];
        case 'ISNUMBER':
          return typeof args[0] === 'number';
        case 'ROUNDUP':
          return Math.ceil(num(args[0]) - 1e-9);
        case 'ROUND': {
          // Halves away from zero, as Excel does; a tiny epsilon absorbs binary fractions.
          const scale = 10 ** num(args[1] ?? 0);
          const x = num(args[0]) * scale;
          return (Math.sign(x) * Math.round(Math.abs(x) + 1e-9)) / scale;
        }
        default:
          throw new Error(`Unknown function ${name}`);
      }
    };
    const factor = (): Value => {
      const t = take();
      if (t.kind === 'num') {
        return Number(t.text);
      }
      if (t.kind === 'str') {
        return t.text;
      }
      if (t.kind === 'bool') {
        return t.text === 'TRUE';
      }
      if (t.kind === 'ref') {
        return this.cell(t.text);
      }
      if (t.kind === 'range') {
        return range(t.text);
      }
      if (t.kind === 'func') {
        const args: Value[] = [];
        while (peek()?.text !== ')') {
          args.push(expr());
          if (peek()?.text === ',') {
            take(',');
          }
        }
        take(')');
        return call(t.text, args);
      }
      if (t.text === '(') {
        const v = expr();
        take(')');
        return v;
      }
      if (t.text === '-') {
        return -num(factor());
      }
      throw new Error(`Unexpected ${t.text} in ${formula}`);
    };
    const term = (): Value => {
      let v = factor();
      while (peek()?.text === '*' || peek()?.text === '/') {
        const op = take().text;
        const r = num(factor());
        v = op === '*' ? num(v) * r : num(v) / r;
      }
      return v;
    };
    const additive = (): Value => {
      let v = term();
      while (peek()?.text === '+' || peek()?.text === '-') {
        const op = take().text;
        const r = num(term());
        v = op === '+' ? num(v) + r : num(v) - r;
      }
      return v;
    };
    const expr = (): Value => {
      const v = additive();
      if (peek()?.text === '>') {
        take('>');
        return num(v) > num(additive());
      }
      return v;
    };
    const result = expr();
    if (at !== tokens.length) {
      throw new Error(`Unread input in ${formula}`);
    }
    return result;
  }
}
