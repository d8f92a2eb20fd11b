// npx tsx bench/first-row-probe.ts <url> [path] [cell]: where a grid screen's first row goes, on a
// server that is already running (the positions bench's, kept with BENCH_KEEP=1, say). For each of
// RUNS cold loads (a fresh browser context, the session stored as after signing in): the time from
// navigation to the frame that draws row 0's `cell` (as the benches measure it), the CPU each
// process and thread used until then (from /proc: Chromium's renderer main thread, its pools, the
// app server, PostgreSQL...), and on the first load every call that made the browser load ICU's
// data before the first row (Intl formatters and collators, toLocaleString, localeCompare).
// EMAIL and PASSWORD sign in (default: the positions bench's admin).
import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM } from '../e2e/chromium';
import { apiLogin, median, signedInContext } from './lib';

const [base = 'http://127.0.0.1:3194', screenPath = '/admin/positions', cell = '[col-id="title"]'] =
  process.argv.slice(2);
const RUNS = Number(process.env.RUNS ?? 5);
const credentials = {
  email: process.env.EMAIL ?? 'bench-positions@example.org',
  password: process.env.PASSWORD ?? 'bench-positions-password',
};

/** Notes the first row's frame, and each ICU call made before it with where it came from. */
const PAGE_SCRIPT = `(() => {
  const cell = ${JSON.stringify(cell)};
  const calls = (window.icuCalls = []);
  const note = (what) => {
    if (!window.firstRowFrame) calls.push(what + ' ' + (new Error().stack || '').split('\\n')[3]?.trim());
  };
  for (const k of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'ListFormat', 'Segmenter']) {
    const C = Intl[k];
    Intl[k] = new Proxy(C, {
      construct: (t, a) => (note('new Intl.' + k), Reflect.construct(t, a)),
      apply: (t, self, a) => (note('Intl.' + k + '()'), Reflect.apply(t, self, a)),
    });
  }
  for (const [proto, name] of [[Number.prototype, 'toLocaleString'], [BigInt.prototype, 'toLocaleString'],
      [String.prototype, 'localeCompare'], [Date.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleDateString']]) {
    const f = proto[name];
    proto[name] = function (...a) { note(name); return f.apply(this, a); };
  }
  const observer = new MutationObserver(() => {
    if (document.querySelector('.ag-row[row-index="0"] ' + cell)?.textContent?.trim()) {
      observer.disconnect();
      requestAnimationFrame((frame) => { window.firstRowFrame = frame; });
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

const kindOf = (cmd: string) =>
  /--type=renderer/.test(cmd)
    ? 'renderer'
    : /--type=gpu/.test(cmd)
      ? 'gpu'
      : /--type=utility/.test(cmd)
        ? 'network'
        : /chromium/.test(cmd)
          ? 'browser'
          : /server\/index\.ts|server\.mjs/.test(cmd)
            ? 'app server'
            : /postgres/.test(cmd)
              ? 'postgres'
              : null;

/** CPU ticks so far of every thread of Chromium and of every server process, by kind. */
function cpuTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  const read = (file: string) => {
    const stat = readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const kind = kindOf(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '));
      if (kind === 'renderer' || kind === 'browser' || kind === 'gpu') {
        for (const tid of readdirSync(`/proc/${pid}/task`)) {
          const thread = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim().replace(/\d+$/, '');
          // A process's main thread keeps the program's name.
          ticks.set(
            `${tid} ${kind}: ${thread === 'chromium' ? 'main thread' : thread}`,
            read(`/proc/${pid}/task/${tid}/stat`),
          );
        }
      } else if (kind) {
        ticks.set(`${pid} ${kind}`, read(`/proc/${pid}/stat`));
      }
    } catch {
      // a process that ended meanwhile
    }
  }
  return ticks;
}

async function load(browser: Browser, session: { token: string; user: unknown }) {
  const context = await signedInContext(browser, session, {
    baseURL: base,
    viewport: { width: 1280, height: 1200 },
  });
  try {
    await context.addInitScript({ content: PAGE_SCRIPT });
    const page = await context.newPage();
    const before = cpuTicks();
    await page.goto(screenPath);
    const handle = await page.waitForFunction(
      () => (window as { firstRowFrame?: number }).firstRowFrame,
      undefined,
      {
        timeout: 60_000,
        polling: 50,
      },
    );
    const after = cpuTicks();
    const ms = (await handle.jsonValue()) as number;
    const icu = (await page.evaluate(() => (window as unknown as { icuCalls: string[] }).icuCalls)) ?? [];
    // The screen goes on to read the whole list; the next load must not queue behind it.
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    const cpu = new Map<string, number>();
    for (const [key, value] of after) {
      const kind = key.slice(key.indexOf(' ') + 1);
      cpu.set(kind, (cpu.get(kind) ?? 0) + (value - (before.get(key) ?? 0)) * 10);
    }
    return { ms, cpu, icu };
  } finally {
    await context.close();
  }
}

const session = await apiLogin(base, credentials);
const browser = await chromium.launch(CHROMIUM);
try {
  const first = await load(browser, session);
  const icuCalls = new Map<string, number>();
  for (const call of first.icu) {
    icuCalls.set(call, (icuCalls.get(call) ?? 0) + 1);
  }
  process.stdout.write(`ICU calls before the first row: ${first.icu.length}\n`);
  for (const [call, n] of icuCalls) {
    process.stdout.write(`  ${n}x ${call}\n`);
  }
  const runs: Awaited<ReturnType<typeof load>>[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    runs.push(await load(browser, session));
  }
  const times = runs.map((r) => Math.round(r.ms));
  process.stdout.write(
    `first row drawn, median of ${RUNS}: ${median(times)} ms (runs ${times.join(', ')})\n`,
  );
  process.stdout.write('CPU until then, median of the runs, by process and thread:\n');
  const kinds = new Set(runs.flatMap((r) => [...r.cpu.keys()]));
  const rows = [...kinds].map((k) => [k, median(runs.map((r) => r.cpu.get(k) ?? 0))] as const);
  for (const [kind, ms] of rows.sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms > 0)) {
    process.stdout.write(`  ${String(ms).padStart(6)} ms  ${kind}\n`);
  }
} finally {
  await browser.close();
}
