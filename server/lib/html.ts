import { isWebAddress } from '@shared/web-address';

/** Writing HTML as text on the server: escaping, JSON for a <script>, a table, a safe link. */

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON safe inside a <script> element: no '</script>', no line separators JavaScript once refused. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export type Row = [label: string, ...cells: string[]];

/** A table in a card; nothing when it has no rows. Cells are HTML the caller escaped. */
export function table(caption: string, headers: string[], rows: Row[]): string {
  if (rows.length === 0) {
    return '';
  }
  const cell = (text: string, i: number) =>
    i === 0 ? `<th scope="row">${text}</th>` : `<td class="num">${text}</td>`;
  const head = headers
    .map((h, i) => `<th scope="col"${i > 0 ? ' class="num"' : ''}>${escapeHtml(h)}</th>`)
    .join('');
  const body = rows.map((r) => `<tr>${r.map(cell).join('')}</tr>`).join('');
  return (
    `<section class="card"><div class="table-wrap"><table class="table table--compact"><caption>${escapeHtml(caption)}</caption>` +
    `<thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div></section>`
  );
}

/** A link only to a web address (isWebAddress); anything else is shown as text. */
export function link(url: string, text: string): string {
  return isWebAddress(url) ? `<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>` : escapeHtml(text);
}
