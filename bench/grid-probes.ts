// What the grid bench measures inside the page: the list's parse time in each form, and blank rows
// right after a scroll jump (bench/grid.bench.ts).
import type { Page } from 'playwright-core';

/** Bytes of the list in each form, and JSON.parse of each in the page (median of 5, ms). */
export async function parseInPage(page: Page, path: string) {
  return page.evaluate(async (p) => {
    const token = localStorage.getItem('token') ?? '';
    const result: Record<string, { bytes: number; parse: number }> = {};
    for (const format of ['rows', 'objects']) {
      const response = await fetch(`${p}${format === 'rows' ? '&format=rows' : ''}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const text = await response.text();
      const times: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const t0 = performance.now();
        JSON.parse(text);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      result[format] = { bytes: new TextEncoder().encode(text).byteLength, parse: times[2] };
    }
    return result;
  }, path);
}

/**
 * Scrolls the grid body to each fraction of its height and, on the next frame, probes the visible
 * body every half row (elementFromPoint in the name column): a probe that finds no row, or a row
 * with no name, is a blank row the user would see.
 */
export async function blankRowsWhileScrolling(
  page: Page,
  fractions: number[],
): Promise<{ checked: number; blank: number; frames: number[]; blanks: number[] }> {
  const frames: number[] = [];
  const blanks: number[] = [];
  let checked = 0;
  let blank = 0;
  for (const fraction of fractions) {
    const result = await page.evaluate(async (f) => {
      // AG Grid 36's scrolling body (the element a wheel or a touchpad moves).
      const viewport = document.querySelector<HTMLElement>('.data-grid .ag-grid-viewport');
      const header = document.querySelector<HTMLElement>('.data-grid .ag-header-cell[col-id="name"]');
      if (!viewport || !header) {
        throw new Error('no grid body');
      }
      viewport.scrollIntoView({ block: 'nearest' });
      const t0 = performance.now();
      viewport.scrollTop = f * (viewport.scrollHeight - viewport.clientHeight);
      // The very next frame: what the user sees right after the scroll.
      await new Promise((r) => requestAnimationFrame(r));
      const frame = performance.now() - t0;
      const x = header.getBoundingClientRect().left + 20;
      const top = header.getBoundingClientRect().bottom + 2;
      // The body above its horizontal scrollbar, within the window (elementFromPoint sees no further).
      const bottom = Math.min(viewport.getBoundingClientRect().bottom - 20, window.innerHeight);
      let probes = 0;
      let empty = 0;
      for (let y = top; y < bottom; y += 21) {
        probes += 1;
        const row = document.elementFromPoint(x, y)?.closest('.ag-row');
        const name = row?.querySelector('[col-id="name"]')?.textContent?.trim();
        if (!name) {
          empty += 1;
        }
      }
      return { probes, empty, frame };
    }, fraction);
    checked += result.probes;
    blank += result.empty;
    frames.push(result.frame);
    blanks.push(result.empty);
  }
  return { checked, blank, frames, blanks };
}
