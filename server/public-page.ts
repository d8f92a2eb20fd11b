import { PUBLIC_DASHBOARD_MESSAGES, type PublicView, type PublicYearData } from './schemas/public-dashboard';
import { fiscalYearLabel } from './lib/budget-math';

/**
 * The public dashboard's HTML (web/public.html, issue 13): the published figures written into the
 * page as plain HTML, so a reader without JavaScript (or before it arrives, on a slow phone) sees
 * the totals and tables at once, and the snapshot as JSON for the page's script, which then needs
 * no request of its own. The script replaces the plain HTML with the interactive page.
 */

/** Where web/public.html takes the figures and the snapshot. */
export const HTML_SLOT = '<!--public-html-->';
export const DATA_SLOT = '<!--public-data-->';
/** The element the page's script reads the snapshot from (web/src/public-main.tsx). */
export const DATA_ID = 'public-view-data';

const NOT_FOUND = PUBLIC_DASHBOARD_MESSAGES.notFound;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const fy = fiscalYearLabel;

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

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

function table(caption: string, headers: [string, string], rows: [string, number][]): string {
  if (rows.length === 0) {
    return '';
  }
  const body = rows
    .map(
      ([name, amount]) =>
        `<tr><th scope="row">${escapeHtml(name)}</th><td class="num">${usd.format(amount)}</td></tr>`,
    )
    .join('');
  return (
    `<section class="card"><table class="table table--compact"><caption>${escapeHtml(caption)}</caption>` +
    `<thead><tr><th scope="col">${headers[0]}</th><th scope="col" class="num">${headers[1]}</th></tr></thead>` +
    `<tbody>${body}</tbody></table></section>`
  );
}

function yearHtml(year: number, data: PublicYearData): string {
  const goal = data.hasTownGoal ? usd.format(data.townGoal) : 'Not set';
  return (
    `<section class="card pub-wide" aria-label="${fy(year)} totals"><div class="kpis kpis--two">` +
    `<div class="kpi"><span class="kpi__label">Proposed school budget</span><span class="kpi__value money">${usd.format(data.totalBudget)}</span></div>` +
    `<div class="kpi"><span class="kpi__label">Town's budget goal</span><span class="kpi__value money">${goal}</span></div>` +
    `</div></section>` +
    table(
      `Where the money goes, ${fy(year)}`,
      ['Category', 'Amount'],
      data.categoryBreakdown.map((c) => [c.name, c.amount]),
    ) +
    table(
      `Spending by school, ${fy(year)}`,
      ['School', 'Amount'],
      data.buildingBreakdown.map((b) => [b.name, b.amount]),
    )
  );
}

/** The year a request asks for (?year=2027) when it is published, else the latest published year. */
export function chosenYear(view: PublicView, asked: string | undefined): number | null {
  const year = Number(asked);
  if (view.years.includes(year)) {
    return year;
  }
  return view.years.at(-1) ?? null;
}

/** The plain-HTML figures of one year of a view, or 'Dashboard Not Found' for null. */
export function publicFiguresHtml(view: PublicView | null, year: number | null): string {
  if (!view) {
    return `<main id="main-content" class="app-main pub-main"><section class="card pub-empty"><h1>${NOT_FOUND}</h1></section></main>`;
  }
  const title = `${view.schoolName ? escapeHtml(view.schoolName) : 'School'} Budget`;
  const data = year === null ? null : (view.data[String(year)] ?? null);
  const figures =
    year === null
      ? ''
      : data
        ? yearHtml(year, data)
        : `<p class="card pub-empty">${PUBLIC_DASHBOARD_MESSAGES.noDataForYear(year)}</p>`;
  return (
    `<main id="main-content" class="app-main pub-main"><h1 class="pub-title">${year === null ? '' : `${fy(year)} `}${title}</h1>` +
    `<div class="pub-grid">${figures}</div>` +
    `<p class="muted">Last updated ${escapeHtml(longDate(data?.publishedAt ?? view.publishedAt))}</p></main>`
  );
}

/** web/public.html with the figures and the snapshot written in. */
export function renderPublicPage(
  template: string,
  view: PublicView | null,
  askedYear: string | undefined,
): string {
  const year = view ? chosenYear(view, askedYear) : null;
  const title = view
    ? `${year === null ? '' : `${fy(year)} `}${view.schoolName ? escapeHtml(view.schoolName) : 'School'} Budget`
    : NOT_FOUND;
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(HTML_SLOT, () => publicFiguresHtml(view, year))
    .replace(DATA_SLOT, () => `<script type="application/json" id="${DATA_ID}">${scriptJson(view)}</script>`);
}
