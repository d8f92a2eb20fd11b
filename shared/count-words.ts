import { formatNumber } from './money';

/**
 * A count and its noun, singular only for one: '1 line', '3 lines', '1,204 employees' (never
 * '(1 lines)'). The one pluralising rule of the server, the web app (re-exported by
 * web/src/lib/format.ts) and the CLI; an irregular noun passes its plural.
 */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}
