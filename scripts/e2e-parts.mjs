// CI helper: splits the browser specs into N parts of about equal running time, printing part K's
// files (one per line). Playwright's --shard splits by number of tests, and the specs differ tenfold
// (navigation.spec 72 s, csp.spec 4 s): the longest of four parts ran a fifth longer than the mean
// while the others' cores went idle. Each part is a run of consecutive files in alphabetical order,
// as --shard makes them, so a spec still only ever follows specs before it in the alphabet on its
// part's server. e2e/durations.json holds each spec's seconds from a full run; a spec missing there
// counts as the median. `node scripts/e2e-parts.mjs --record test-results/e2e-*.json` rewrites it
// from the JSON reports of a run (.ci/run leaves them in test-results/).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../e2e');
if (process.argv[2] === '--record') {
  const seconds = {};
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        for (const result of test.results) {
          seconds[file] = (seconds[file] ?? 0) + result.duration / 1000;
        }
      }
    }
    for (const child of suite.suites ?? []) {
      walk(child, file);
    }
  };
  for (const report of process.argv.slice(3)) {
    for (const suite of JSON.parse(readFileSync(report, 'utf8')).suites) {
      walk(suite, suite.file);
    }
  }
  const rounded = Object.fromEntries(
    Object.keys(seconds)
      .sort()
      .map((f) => [f, Math.round(seconds[f] * 10) / 10]),
  );
  // Two spaces, as prettier writes JSON: the file passes `prettier --check` as recorded.
  writeFileSync(path.join(dir, 'durations.json'), `${JSON.stringify(rounded, null, 2)}\n`);
  process.exit(0);
}

const [parts, part] = process.argv.slice(2).map(Number);
if (!(parts >= 1 && part >= 1 && part <= parts)) {
  console.error('usage: node scripts/e2e-parts.mjs PARTS PART');
  process.exit(2);
}
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.spec.ts'))
  .sort();
const known = JSON.parse(readFileSync(path.join(dir, 'durations.json'), 'utf8'));
const sorted = Object.values(known).sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? 1;
const cost = files.map((f) => known[f] ?? median);

/** Whether the files fit in `parts` consecutive runs of at most `limit` seconds each. */
const fits = (limit) => {
  let used = 1;
  let sum = 0;
  for (const c of cost) {
    if (c > limit) {
      return false;
    }
    if (sum + c > limit) {
      used += 1;
      sum = 0;
    }
    sum += c;
  }
  return used <= parts;
};
// The smallest longest part (binary search over tenths of a second), then the greedy split at it.
let lo = 0;
let hi = Math.ceil(cost.reduce((a, b) => a + b, 0) * 10);
while (lo < hi) {
  const mid = Math.floor((lo + hi) / 2);
  if (fits(mid / 10)) {
    hi = mid;
  } else {
    lo = mid + 1;
  }
}
const limit = lo / 10;
const split = [[]];
let sum = 0;
for (const [i, f] of files.entries()) {
  // Leave enough files for the parts still to come, so none is empty.
  const left = files.length - i;
  const partsLeft = parts - split.length;
  if (split.at(-1).length && (sum + cost[i] > limit || left <= partsLeft)) {
    split.push([]);
    sum = 0;
  }
  split.at(-1).push(f);
  sum += cost[i];
}
for (const f of split[part - 1] ?? []) {
  console.log(`e2e/${f}`);
}
