import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEASURES_TIME, TIMED_FILES } from './timed-files';

const root = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['server', 'cli', 'shared', 'seeds', 'migrations', 'test'];

function testFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) {
      return testFiles(rel);
    }
    return e.name.endsWith('.test.ts') ? [rel] : [];
  });
}

describe('the timed test files', () => {
  it('lists every test file that measures wall-clock time, so CI never runs one starved of CPU', () => {
    const measuring = FOLDERS.flatMap(testFiles).filter(
      (f) => f !== 'test/timed-files.test.ts' && MEASURES_TIME.test(readFileSync(path.join(root, f), 'utf8')),
    );
    expect(measuring.filter((f) => !TIMED_FILES.includes(f))).toEqual([]);
  });

  it('lists only files that exist and measure time', () => {
    const stale = TIMED_FILES.filter(
      (f) => !existsSync(path.join(root, f)) || !MEASURES_TIME.test(readFileSync(path.join(root, f), 'utf8')),
    );
    expect(stale).toEqual([]);
  });
});
