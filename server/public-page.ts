import { fiscalYearLabel, goalGap } from '@shared/budget-math';
// The card's words, one home with the residents' page in the browser.
import * as gapWords from '@shared/gap-words';
import { formatMoney } from '@shared/money';
import { wholeSalaries } from '@shared/whole-dollars';
import { isWebAddress } from '@shared/web-address';
import { escapeHtml, link, scriptJson, table, type Row } from '@server/lib/html';
import { staffingHtml } from './public-page-staffing';
import { budgetTablesHtml } from './public-page-budget';
import {
  PUBLIC_DASHBOARD_MESSAGES,
  SALARY_ROUNDING_DOLLARS,
  type ComponentKey,
  type PublicView,
  type PublicYearData,
} from '@shared/schemas/public-dashboard';

/**
 * The public dashboard's HTML (web/public.html): everything published written into the
 * page as plain HTML, in the configured sections and order (the totals and the sentence about the
 * goal, every table, the DESE categories, the logo, the links, the other published years), so a
 * reader without JavaScript (or before it arrives, on a slow phone) reads it all at once, and the snapshot as JSON for the page's script, which then needs
 * no request of its own. The script replaces the plain HTML with the interactive page.
 */

/** Where web/public.html takes the figures and the snapshot. */
export const HTML_SLOT = '<!--public-html-->';
export const DATA_SLOT = '<!--public-data-->';
/** The element the page's script reads the snapshot from (web/src/public-main.tsx). */
export const DATA_ID = 'public-view-data';

export { escapeHtml, scriptJson } from '@server/lib/html';

const NOT_FOUND = PUBLIC_DASHBOARD_MESSAGES.notFound;

const fy = fiscalYearLabel;

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const money = (amount: number) => escapeHtml(formatMoney(amount));

/** Why a staff salary total reads 'about' (the rule on differences between Publishes, docs/PRIVACY.md). */
const ROUNDED_CAPTION = `salaries marked 'about' are rounded to the nearest $${SALARY_ROUNDING_DOLLARS.toLocaleString('en-US')} so that no one's pay can be worked out from an earlier version`;
const count = (n: number) => n.toLocaleString('en-US');

function schoolInfoHtml(view: PublicView): string {
  if (!view.schoolName && !view.schoolLogoUrl) {
    return '';
  }
  const logo = view.schoolLogoUrl;
  const alt = view.schoolName ? `${view.schoolName} logo` : 'School logo';
  return (
    `<section class="card pub-school pub-wide" aria-label="About the school district">` +
    (logo && (logo.startsWith('/') || isWebAddress(logo))
      ? `<img class="pub-school__logo" src="${escapeHtml(logo)}" alt="${escapeHtml(alt)}">`
      : '') +
    (view.schoolName ? `<p class="pub-school__name">${escapeHtml(view.schoolName)}</p>` : '') +
    `</section>`
  );
}

function linksHtml(view: PublicView, name: 'links' | 'townLinks'): string {
  const items =
    name === 'links'
      ? view.links.map(
          (l) => `<li>${link(l.url, l.title)}${l.description ? ` · ${escapeHtml(l.description)}` : ''}</li>`,
        )
      : [
          ['Town website', view.townWebsiteUrl],
          ['School district website', view.schoolWebsiteUrl],
        ]
          .filter((s): s is [string, string] => Boolean(s[1] && isWebAddress(s[1])))
          .map(([text, url]) => `<li>${link(url, text)}</li>`);
  const label = name === 'links' ? 'Budget documents and meetings' : 'Websites';
  return items.length
    ? `<section class="card pub-wide" aria-label="${label}"><h2>${label}</h2><ul>${items.join('')}</ul></section>`
    : '';
}

/** One figure; `money: false` for a count or 'Not available', set as a number, not as money (as the page's script does). */
const kpi = (
  label: string,
  value: string,
  { hint = '', money = true }: { hint?: string; money?: boolean } = {},
) =>
  `<div class="kpi"><span class="kpi__label">${escapeHtml(label)}</span><span class="kpi__value ${money ? 'money' : 'num'}">${value}</span>` +
  (hint ? `<span class="kpi__hint">${escapeHtml(hint)}</span>` : '') +
  `</div>`;

/**
 * Spending per pupil both ways, as the page's script shows it under the totals; a way the year has
 * no figures for (no enrollment of its own, no state figures) says so rather than leaving a gap.
 */
function perPupilHtml(data: PublicYearData): string {
  const dese = data.perPupilDese;
  const missing = gapWords.perPupilMissing(fy(data.fiscalYear));
  const items = [
    ...(data.perPupil
      ? [
          kpi('Students enrolled', count(data.perPupil.enrollment), { money: false }),
          kpi('Spending per student', money(data.perPupil.total), {
            hint: 'Budget ÷ students enrolled in the district’s schools',
          }),
        ]
      : [kpi('Spending per student', 'Not available', { hint: missing.enrollment, money: false })]),
    ...(dese
      ? [
          kpi('Per pupil, state (DESE) method', money(dese.total), {
            hint: `Budget ÷ ${dese.foundationEnrollment.toLocaleString('en-US')} foundation enrollment, the state’s count`,
          }),
        ]
      : // A snapshot from before the state's method was published has no such figure to miss.
        dese === null
        ? [kpi('Per pupil, state (DESE) method', 'Not available', { hint: missing.state, money: false })]
        : []),
  ];
  return `<div class="kpis pub-per-pupil">${items.join('')}</div>`;
}

function statusHtml(f: string, data: PublicYearData): string {
  const words = gapWords.residentGapLabels(f, data.stage, data.guidanceBudget !== undefined);
  const hasBudget = data.totalBudget !== 0 || data.categoryBreakdown.length > 0;
  // A year with no town goal has no gap (goalGap), whatever an older snapshot stored for it.
  const gap = goalGap(data.guidanceGap, data.hasTownGoal);
  const status = gapWords.gapStatus(words, { hasBudget, hasGoal: data.hasTownGoal, gap });
  const compared = hasBudget && gap !== null;
  return (
    `<section class="card pub-wide" aria-label="${f} totals"><div class="kpis">` +
    kpi(words.budget, money(gapWords.goalBudget(data))) +
    kpi(words.goal, data.hasTownGoal ? money(data.townGoal) : 'Not set') +
    kpi(
      'Gap',
      compared
        ? escapeHtml(
            gapWords.residentGapText({ guidanceGap: gap, townGoal: data.townGoal }, formatMoney, formatMoney),
          )
        : '—',
    ) +
    `</div><p class="gap-status">${escapeHtml(status)}</p>` +
    `<p class="gap-fund">${escapeHtml(gapWords.goalFundNote(data, formatMoney))}</p>${perPupilHtml(data)}</section>`
  );
}

/** The year's tables of one section (the page's script draws them as charts). */
function tablesHtml(name: ComponentKey, f: string, data: PublicYearData): string {
  switch (name) {
    case 'categoryChart':
    case 'buildingChart':
      return budgetTablesHtml(name, f, data);
    // A section switched off is null in the view (it was never sent): nothing to write.
    case 'salaryCharts':
      return data.salaryData
        ? table(
            `Teachers by salary range, ${f}`,
            ['Salary range', 'Staff'],
            data.salaryData.teachers.map((b) => [escapeHtml(b.range), count(b.count)]),
          ) +
            table(
              `Paraprofessionals by salary range, ${f}`,
              ['Salary range', 'Staff'],
              data.salaryData.paras.map((b) => [escapeHtml(b.range), count(b.count)]),
            )
        : '';
    case 'headcountChart': {
      const staff = data.locationData;
      if (!staff) {
        return '';
      }
      const rounded = staff.locations.some((l) => l.salaryRounded) || staff.totalSalariesRounded;
      // A planned year counts its roster's budgeted positions, filled or vacant, not employees.
      const positions = data.staffSource === 'roster';
      // Whole dollars that add up to the Total, unless some are rounded for privacy ('about').
      const whole = wholeSalaries(staff);
      const pay = (amount: number, about: boolean | undefined) => `${about ? 'about ' : ''}${money(amount)}`;
      const rows: Row[] = staff.locations.map((l, i) => [
        escapeHtml(l.location),
        count(l.count),
        whole ? money(whole.rows[i]) : pay(l.totalSalary, l.salaryRounded),
      ]);
      if (rows.length && staff.totalEmployees !== null) {
        const total = whole?.total ?? staff.totalSalaries;
        rows.push([
          'Total',
          count(staff.totalEmployees),
          total === null ? '' : pay(total, !whole && staff.totalSalariesRounded),
        ]);
      }
      return (
        staffingHtml(data.staffing, f) +
        table(
          `${positions ? 'Positions' : 'Staff'} by location, ${f}${rounded ? ` (${ROUNDED_CAPTION})` : ''}`,
          ['Location', positions ? 'Positions' : 'Staff', 'Salaries'],
          rows,
        )
      );
    }
    default:
      return '';
  }
}

/** One configured section of a year, as plain HTML. */
function sectionHtml(
  name: ComponentKey,
  view: PublicView,
  year: number,
  data: PublicYearData | null,
): string {
  if (name === 'schoolInfo') {
    return schoolInfoHtml(view);
  }
  if (name === 'links' || name === 'townLinks') {
    return linksHtml(view, name);
  }
  if (!data) {
    return '';
  }
  return name === 'budgetStatus' ? statusHtml(fy(year), data) : tablesHtml(name, fy(year), data);
}

/** The published page's CSV of one year (the route in server/routes/public-dashboard.ts). */
export const csvHref = (urlPath: string, year: number) =>
  `/api/public-dashboard/view/${encodeURIComponent(urlPath)}/data.csv?year=${year}`;

/** Links to every published year (the page's script offers a select; without it, plain links). */
function yearsNav(view: PublicView, year: number | null): string {
  if (view.years.length < 2) {
    return '';
  }
  const items = view.years
    .map((y) => `<li><a href="?year=${y}"${y === year ? ' aria-current="page"' : ''}>${fy(y)}</a></li>`)
    .join('');
  return `<nav class="pub-years" aria-label="Published budget years"><ul>${items}</ul></nav>`;
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
      : view.visibleComponents.map((name) => sectionHtml(name, view, year, data)).join('') +
        (data ? '' : `<p class="card pub-empty">${PUBLIC_DASHBOARD_MESSAGES.noDataForYear(year)}</p>`);
  return (
    `<main id="main-content" class="app-main pub-main"><h1 class="pub-title">${year === null ? '' : `${fy(year)} `}${title}</h1>` +
    (data ? `<p class="pub-stage">${escapeHtml(gapWords.stageLine(data))}</p>` : '') +
    (data?.fundsLabel ? `<p class="pub-funds">${escapeHtml(data.fundsLabel)}</p>` : '') +
    yearsNav(view, year) +
    (data && year !== null
      ? `<p><a class="btn btn--secondary btn--small" href="${escapeHtml(csvHref(view.urlPath, year))}" download>Download the data (CSV)</a></p>`
      : '') +
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
  return (
    template
      // A function, not a string: '$&' or "$'" in a school name is text, not a replacement pattern.
      .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
      .replace(HTML_SLOT, () => publicFiguresHtml(view, year))
      .replace(
        DATA_SLOT,
        () => `<script type="application/json" id="${DATA_ID}">${scriptJson(view)}</script>`,
      )
  );
}
