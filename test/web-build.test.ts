import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

describe('the web build (what npm start prints on a first start)', () => {
  // A newcomer reads Rollup's "(!) Some chunks are larger than ..." as an error. npm start builds
  // with --logLevel warn (scripts/start.mjs), so any warning the build gives reaches their screen.
  it('prints no warning, no chunk-size warning in particular', () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'budget-web-build-'));
    try {
      const build = spawnSync(
        'npx',
        [
          'vite',
          'build',
          '--config',
          'web/vite.config.ts',
          '--logLevel',
          'warn',
          '--outDir',
          outDir,
          '--emptyOutDir',
        ],
        { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
      );
      // npm's own notices about the user's npmrc are not the build's.
      const printed = `${build.stdout}\n${build.stderr}`
        .split('\n')
        .filter((line) => line.trim() && !/^npm (warn|notice)/.test(line))
        .join('\n');
      expect(build.status, printed).toBe(0);
      expect(printed).not.toMatch(/chunks? (are|is) larger|chunkSizeWarningLimit|\(!\)/i);
      expect(printed).toBe('');
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 180_000);
});
