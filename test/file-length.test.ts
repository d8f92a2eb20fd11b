import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * A production file stays under about 300 lines, so a newcomer reads one thing at a time. One that
 * must be longer says why in its first line ('// Over 300 lines: ...'); any other fails here.
 */
export const MAX_LINES = 300;
const REASON = /^\/\/ Over 300 lines: \S/;
const PRODUCTION = ['server', 'web/src', 'shared', 'cli'];

/** The files of `files` (path, text) over MAX_LINES lines whose first line gives no reason. */
export function tooLong(files: readonly { path: string; text: string }[]): string[] {
  return files
    .filter(({ text }) => text.trimEnd().split('\n').length > MAX_LINES && !REASON.test(text))
    .map((f) => f.path);
}

function productionFiles(): { path: string; text: string }[] {
  return PRODUCTION.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .map((f) => `${dir}/${f.split(path.sep).join('/')}`)
      .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.(test|d)\.tsx?$/.test(f) && !f.includes('/test/'))
      .map((f) => ({ path: f, text: readFileSync(path.join(ROOT, f), 'utf8') })),
  );
}

describe('production files', () => {
  it(`stay under ${MAX_LINES} lines or say why in their first line`, () => {
    expect(tooLong(productionFiles())).toEqual([]);
  });

  it('the check fails on a planted long file and passes it once it says why', () => {
    const body = 'export const x = 1;\n'.repeat(MAX_LINES + 1);
    expect(tooLong([{ path: 'server/planted.ts', text: body }])).toEqual(['server/planted.ts']);
    expect(tooLong([{ path: 'server/planted.ts', text: `// Over 300 lines: one table\n${body}` }])).toEqual(
      [],
    );
    expect(tooLong([{ path: 'server/short.ts', text: 'export const x = 1;\n'.repeat(MAX_LINES) }])).toEqual(
      [],
    );
  });
});
