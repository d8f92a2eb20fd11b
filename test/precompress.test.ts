import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompress } from '../web/vite.config';

describe('the build precompresses the web app (web/vite.config.ts)', () => {
  it('writes .br and .gz beside each text file of 1 KB or more, and nothing for smaller or binary files', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'budget-precompress-'));
    try {
      mkdirSync(path.join(root, 'dist/assets'), { recursive: true });
      const js = `console.log(${JSON.stringify('budget line '.repeat(400))});\n`;
      writeFileSync(path.join(root, 'dist/assets/app-Abc123.js'), js);
      writeFileSync(path.join(root, 'dist/index.html'), `<!doctype html>${'<p>x</p>'.repeat(200)}`);
      writeFileSync(path.join(root, 'dist/assets/tiny-Def456.css'), 'body{margin:0}');
      writeFileSync(path.join(root, 'dist/assets/logo-Ghi789.png'), Buffer.alloc(4096, 7));

      const plugin = precompress() as unknown as {
        configResolved(config: { root: string; build: { outDir: string } }): void;
        writeBundle(): Promise<void>;
      };
      plugin.configResolved({ root, build: { outDir: 'dist' } });
      await plugin.writeBundle();

      const file = (name: string) => path.join(root, 'dist', name);
      expect(brotliDecompressSync(readFileSync(file('assets/app-Abc123.js.br'))).toString()).toBe(js);
      expect(gunzipSync(readFileSync(file('assets/app-Abc123.js.gz'))).toString()).toBe(js);
      expect(readFileSync(file('assets/app-Abc123.js.br')).length).toBeLessThan(js.length / 10);
      expect(existsSync(file('index.html.br'))).toBe(true);
      expect(existsSync(file('assets/tiny-Def456.css.br'))).toBe(false);
      expect(existsSync(file('assets/logo-Ghi789.png.gz'))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
