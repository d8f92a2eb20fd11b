import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { appChunk } from './app-chunk.ts';
import { pureSchemas } from './pure-schemas.ts';

const here = import.meta.dirname;
const outDir = path.resolve(here, 'dist');

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this size a file is sent as it is (the headers outweigh the saving). */
const MIN_BYTES = 1024;
/**
 * Brotli's best quality (11) takes about ten times as long as 9 for some 8 % fewer bytes. The few
 * large libraries, each loaded on demand by the screen that needs it (AG Grid, Plotly, exceljs),
 * get 9, which keeps the build within a second or two on two cores; everything else gets 11.
 */
const LARGE_BYTES = 256 * 1024;

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the build (JavaScript, CSS,
 * HTML, SVG, JSON), which the server (server/static.ts) sends to clients that accept them, so no
 * request pays for compression and no proxy is needed for it.
 */
export function precompress(): Plugin {
  let dir = outDir;
  return {
    name: 'budget-precompress',
    apply: 'build',
    configResolved(config) {
      dir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const files = (await readdir(dir, { recursive: true }))
        .map(String)
        .filter((f) => /\.(js|mjs|css|html|svg|json|txt)$/.test(f));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const data = await readFile(file);
          if (data.length < MIN_BYTES) {
            return;
          }
          const quality = data.length > LARGE_BYTES ? 9 : constants.BROTLI_MAX_QUALITY;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: quality,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzipAsync(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/** In development, /public/{urlPath} gets the public entry, as server/static.ts serves it in production. */
function publicPages(): Plugin {
  return {
    name: 'budget-public-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/public\/[^/?]+\/?(\?.*)?$/.test(req.url)) {
          req.url = '/public.html';
        }
        next();
      });
    },
  };
}

export default defineConfig({
  root: here,
  plugins: [react(), pureSchemas(), precompress(), publicPages()],
  resolve: {
    alias: {
      '@web': path.resolve(here, 'src'),
      '@shared': path.resolve(here, '../shared'),
    },
  },
  // The Plotly partial bundle expects a Node-style `global`.
  define: { global: 'globalThis' },
  build: {
    outDir,
    emptyOutDir: true,
    // Two pages: the staff app, and the public dashboard residents open (its own small entry).
    rollupOptions: {
      input: { main: path.resolve(here, 'index.html'), public: path.resolve(here, 'public.html') },
      // The staff app's shared code in one file instead of ~40 (web/app-chunk.ts says why).
      output: { codeSplitting: { groups: [appChunk(here)] } },
    },
    // Three chunks pass Vite's default 500 kB warning, each one library in one piece, loaded only by
    // the screen that needs it, never on the first page: Plotly's partial bundle (charts), AG Grid
    // (the grid screens) and exceljs (Excel export). Splitting them would add requests, not remove
    // bytes. The limit sits just above the largest, so a new large chunk is still reported; the
    // first page's own weight is measured in the README (Performance).
    chunkSizeWarningLimit: 1100,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
    },
  },
});
