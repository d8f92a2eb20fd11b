// The server and the CLI as JavaScript, compiled once from TypeScript with esbuild:
//   dist/server.mjs      the server (one file; `npm start` runs it)
//   dist/cli.mjs         budget-cli (bin/budget-cli.mjs runs it) and dist/cli-*.mjs, the command
//                        groups it loads on demand, so `budget-cli --help` loads no database code.
// Packages in node_modules stay external (Node loads them as usual); the path aliases of
// tsconfig.json (@server, @cli, ...) are resolved. dist/ is not in git: `npm install` builds it
// (prepare), and bin/budget-cli.mjs and scripts/start.mjs rebuild it when its sources changed
// (ensureBuilt: a fingerprint of the sources' paths, sizes and modification times, kept in
// dist/build.json). `node scripts/build-server.mjs` builds it by hand.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const DIST = path.join(ROOT, 'dist');
const STAMP = path.join(DIST, 'build.json');
const SOURCE_DIRS = ['server', 'shared', 'cli', 'migrations', 'seeds'];
const SOURCE_FILES = ['tsconfig.json', 'package.json', 'scripts/build-server.mjs'];
/** An unreferenced CLI chunk is removed only once this old, so a CLI started just before a rebuild still finds its chunks. */
const STALE_CHUNK_MS = 60_000;

/**
 * A fingerprint of the sources (path, size and modification time of each file, tests left out):
 * a few milliseconds, so every CLI run can afford it.
 */
export function sourceFingerprint(root = ROOT) {
  const lines = [];
  for (const dir of SOURCE_DIRS) {
    let names;
    try {
      names = readdirSync(path.join(root, dir), { recursive: true });
    } catch {
      continue;
    }
    for (const name of names) {
      if (/\.(tsx?|mjs|js|json)$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        lines.push(`${dir}/${name}`);
      }
    }
  }
  lines.push(...SOURCE_FILES);
  lines.sort();
  const hash = createHash('sha1');
  for (const file of lines) {
    const s = statSync(`${root}/${file}`, { throwIfNoEntry: false });
    hash.update(`${file}\0${s ? `${s.size}\0${s.mtimeMs}` : '-'}\n`);
  }
  return hash.digest('hex');
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return null;
  }
}

/** True when dist/ is missing or was built from other sources than those in the tree now. */
export function isStale() {
  const stamp = readStamp();
  return (
    !stamp ||
    stamp.fingerprint !== sourceFingerprint() ||
    !existsSync(path.join(DIST, 'server.mjs')) ||
    !existsSync(path.join(DIST, 'cli.mjs'))
  );
}

/**
 * Source files read `import.meta.dirname` to find files beside them (fixtures, web/dist); in the
 * bundle that would be dist/. Each use is rewritten to the source file's own folder, relative to
 * dist/, so the built code finds the same files wherever the project folder is.
 */
const keepSourceDirname = {
  name: 'keep-source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) {
        return undefined;
      }
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.dirname') && !text.includes('import.meta.filename')) {
        return undefined;
      }
      const rel = (p) => path.relative(DIST, p).split(path.sep).join('/');
      const dir = `(import.meta.dirname + ${JSON.stringify(`/${rel(path.dirname(args.path))}`)})`;
      const file = `(import.meta.dirname + ${JSON.stringify(`/${rel(args.path)}`)})`;
      return {
        contents: text.replaceAll('import.meta.dirname', dir).replaceAll('import.meta.filename', file),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/** Writes a file through a temporary name and a rename, so a concurrent reader never sees half of it. */
function writeAtomic(file, contents) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, contents);
  renameSync(tmp, file);
}

/** Builds dist/ from the sources. Throws (with esbuild's messages printed) when the code does not compile. */
export async function buildServer({ quiet = false } = {}) {
  const started = performance.now();
  const fingerprint = sourceFingerprint();
  const { build } = await import('esbuild');
  const common = {
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    outdir: DIST,
    outExtension: { '.js': '.mjs' },
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'error',
    write: false,
    plugins: [keepSourceDirname],
  };
  const [server, cli] = await Promise.all([
    // One file: a running server never needs a chunk a later rebuild could have replaced.
    build({ ...common, entryPoints: { server: 'server/index.ts' } }),
    // Split at the dynamic imports of cli/program.ts: one chunk per command group.
    build({
      ...common,
      entryPoints: { cli: 'cli/index.ts' },
      splitting: true,
      chunkNames: 'cli-[name]-[hash]',
    }),
  ]);
  mkdirSync(DIST, { recursive: true });
  const outputs = [...server.outputFiles, ...cli.outputFiles];
  const entries = new Set(
    ['server.mjs', 'server.mjs.map', 'cli.mjs', 'cli.mjs.map'].map((f) => path.join(DIST, f)),
  );
  // Chunks first, then the entries that import them, then the stamp.
  for (const out of outputs.filter((o) => !entries.has(o.path))) {
    writeAtomic(out.path, out.contents);
  }
  for (const out of outputs.filter((o) => entries.has(o.path))) {
    writeAtomic(out.path, out.contents);
  }
  writeAtomic(STAMP, `${JSON.stringify({ fingerprint, builtAt: new Date().toISOString() }, null, 2)}\n`);
  const written = new Set(outputs.map((o) => path.basename(o.path)));
  for (const name of readdirSync(DIST)) {
    const full = path.join(DIST, name);
    if (/^cli-.*\.mjs(\.map)?$/.test(name) && !written.has(name)) {
      try {
        if (Date.now() - statSync(full).mtimeMs > STALE_CHUNK_MS) {
          unlinkSync(full);
        }
      } catch {
        // removed by a concurrent build
      }
    }
  }
  if (!quiet) {
    process.stderr.write(
      `Compiled the server and CLI into dist/ in ${Math.round(performance.now() - started)} ms\n`,
    );
  }
}

/**
 * Builds dist/ when it is missing or stale. A project folder that cannot be written (a read-only
 * deployment) keeps running the build it has, with a warning.
 */
export async function ensureBuilt({ quiet = false } = {}) {
  if (!isStale()) {
    return;
  }
  try {
    await buildServer({ quiet });
  } catch (err) {
    const code = err?.code;
    if (
      (code === 'EACCES' || code === 'EROFS' || code === 'EPERM') &&
      existsSync(path.join(DIST, 'cli.mjs'))
    ) {
      process.stderr.write(
        `Warning: dist/ is older than the sources but cannot be rebuilt here (${code}); running it as it is.\n`,
      );
      return;
    }
    throw err;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await buildServer();
  } catch {
    // esbuild has printed the errors.
    process.exit(1);
  }
}
