// The Scenario Builder's slider in Chromium, for bench/scenarios.bench.ts: frame times while a
// percent slider is dragged with the mouse over a 20,000-line year (target 60 frames per second),
// and the time from letting go to the summary cards showing the server's figures (target 200 ms).
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM } from '../e2e/chromium';
import { median, signedInContext } from './lib';
import type { BenchContext } from './run';

const DRAGS = 5;
/** Mouse moves per drag, one per frame or so (a one-second drag). */
const MOVES = 60;
const FRAME_MS = 1000 / 60;
export const SETTLE_LIMIT_MS = 200;
/** A slider with no floor (the whole 0-100 track is draggable). */
const FREE_SLIDER = '.pct-slider:not(.pct-slider--floor) .pct-slider__input:not([disabled])';

interface DragFigures {
  /** Times between frames while the mouse was down (ms). */
  frames: number[];
  /** Long animation frames while the mouse was down: their duration and script time (ms). */
  long: { duration: number; script: number }[];
  /** From pointerup to the cards no longer busy (the server's summary on screen). */
  settleMs: number;
}

/**
 * Records every animation frame's time, pointer down and up, and when the summary stops being
 * busy. Plain text, not a function: tsx would wrap the function's inner names in a helper the page
 * does not have.
 */
const RECORDER = `(() => {
  const frames = [];
  window.__frames = frames;
  const tick = (t) => {
    frames.push(t);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  // Frames whose work took 50 ms or more (Chromium's long animation frames): what our code costs,
  // apart from waiting for a core on a busy machine.
  const long = [];
  window.__long = long;
  new PerformanceObserver((list) => long.push(...list.getEntries().map((e) => ({
    start: e.startTime, duration: e.duration,
    script: e.scripts.reduce((sum, x) => sum + x.duration, 0),
  })))).observe({ type: 'long-animation-frame', buffered: false });
  window.__settled = null;
  window.addEventListener('pointerdown', () => { window.__down = performance.now(); window.__settled = null; }, true);
  window.addEventListener('pointerup', () => {
    window.__up = performance.now();
    const cards = document.querySelector('[aria-label="Scenario summary"]');
    const observer = new MutationObserver(() => check());
    const check = () => {
      if (cards.getAttribute('aria-busy') === 'false') {
        window.__settled = performance.now();
        observer.disconnect();
      }
    };
    observer.observe(cards, { attributes: true, attributeFilter: ['aria-busy'] });
    check();
  }, true);
})();`;

async function drag(page: Page, index: number): Promise<DragFigures> {
  const slider = page.locator(FREE_SLIDER).nth(index);
  await slider.scrollIntoViewIfNeeded();
  const box = (await slider.boundingBox())!;
  const y = box.y + box.height / 2;
  // From the thumb at 100% (the right end) towards 40% and partly back, as a person hunts a figure.
  const at = (share: number) => box.x + box.width * share;
  await page.mouse.move(at(0.995), y);
  await page.mouse.down();
  for (let i = 1; i <= MOVES; i += 1) {
    const t = i / MOVES;
    await page.mouse.move(at(t < 0.7 ? 1 - t : 0.3 + (t - 0.7)), y);
    await page.waitForTimeout(FRAME_MS);
  }
  await page.mouse.up();
  await page.waitForFunction(
    () => (window as unknown as { __settled: number | null }).__settled !== null,
    null,
    {
      timeout: 30_000,
    },
  );
  return page.evaluate(() => {
    const w = window as unknown as {
      __frames: number[];
      __long: { start: number; duration: number; script: number }[];
      __down: number;
      __up: number;
      __settled: number;
    };
    const during = w.__frames.filter((t) => t >= w.__down && t <= w.__up);
    return {
      frames: during.slice(1).map((t, i) => t - during[i]),
      long: w.__long.filter((e) => e.start >= w.__down && e.start <= w.__up),
      settleMs: w.__settled - w.__up,
    };
  });
}

/** The Adjusted Total card's figure, in cents. */
async function adjustedOnScreen(page: Page): Promise<bigint> {
  const text = await page
    .locator('.summary-card', { has: page.locator('.summary-card__label', { hasText: 'Adjusted Total' }) })
    .locator('.summary-card__value')
    .innerText();
  return BigInt(text.replace(/[^0-9-]/g, ''));
}

export async function measureSlider(
  ctx: BenchContext,
  base: string,
  session: { token: string; user: unknown },
  budgetYearId: number,
  scenarioId: number,
): Promise<void> {
  const headers = { Authorization: `Bearer ${session.token}` };
  const browser = await chromium.launch(CHROMIUM);
  try {
    const context = await signedInContext(browser, session, { viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript({ content: RECORDER });
    await page.goto(`${base}/scenario?scenario=${scenarioId}`);
    await page.waitForSelector('[aria-label="Scenario summary"][aria-busy="false"]', { timeout: 60_000 });
    await page.waitForSelector(FREE_SLIDER, { timeout: 60_000 });
    const runs: DragFigures[] = [];
    for (let i = 0; i < DRAGS; i += 1) {
      runs.push(await drag(page, i));
    }
    // The cards settled on the server's figures: the scenario's saved summary.
    const { scenarios } = (await (
      await fetch(`${base}/api/scenarios/cuts?budgetYearId=${budgetYearId}`, { headers })
    ).json()) as { scenarios: { id: number; summary: { adjustedTotal: number } }[] };
    const server = scenarios.find((s) => s.id === scenarioId)!.summary.adjustedTotal;
    const onScreen = await adjustedOnScreen(page);
    if (onScreen !== BigInt(Math.round(server * 100))) {
      throw new Error(`The cards show ${onScreen} cents adjusted, the server ${Math.round(server * 100)}`);
    }
    const frames = runs.flatMap((r) => r.frames);
    if (frames.length < DRAGS * 10) {
      throw new Error(`Only ${frames.length} frames recorded while dragging: the recorder did not run`);
    }
    const sorted = [...frames].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(sorted.length * 0.95)];
    const fps = 1000 / median(frames);
    const late = frames.filter((f) => f > FRAME_MS * 1.5).length;
    ctx.report(
      `slider drag in Chromium, ${DRAGS} drags of ${MOVES} mouse moves (median frame ${median(frames).toFixed(1)} ms, 95th percentile ${p95.toFixed(1)} ms, ${late} of ${frames.length} frames over 25 ms)`,
      fps,
      `frames per second (target 60: ${fps >= 59 && p95 <= FRAME_MS * 1.5 ? 'ok' : 'MISSED'})`,
    );
    const long = runs.flatMap((r) => r.long);
    ctx.report(
      'long animation frames (50 ms or more of work) while dragging',
      `${long.length}${long.length ? ` (longest ${Math.round(Math.max(...long.map((e) => e.duration)))} ms, of which script ${Math.round(Math.max(...long.map((e) => e.script)))} ms)` : ''}`,
    );
    const settle = runs.map((r) => r.settleMs);
    const m = median(settle);
    ctx.report(
      `summary on the server's figures after letting go (median of ${DRAGS}, max ${Math.round(Math.max(...settle))} ms)`,
      m,
      `ms (target ${SETTLE_LIMIT_MS} ms: ${m < SETTLE_LIMIT_MS ? 'ok' : 'MISSED'})`,
    );
    await context.close();
  } finally {
    await browser.close();
  }
}
