// npm start: build what is missing or older than its sources (the web app with Vite into web/dist,
// the server with esbuild into dist/), then run the compiled server, dist/server.mjs, in this process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'web/dist/index.html');

function newest(target) {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) {
    return 0;
  }
  if (!stat.isDirectory()) {
    return stat.mtimeMs;
  }
  let latest = 0;
  for (const name of readdirSync(target)) {
    latest = Math.max(latest, newest(path.join(target, name)));
  }
  return latest;
}

// The web app imports the shared folder (the zod schemas, money, budget maths), so it is among its sources.
const webSources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'shared'];
const sources = Math.max(...webSources.map((p) => newest(path.join(root, p))));
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Building the web app...');
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    process.exit(build.status ?? 1);
  }
}

try {
  await ensureBuilt();
} catch {
  // esbuild has printed what does not compile.
  process.exit(1);
}
// Stack traces in the log point at the TypeScript sources (dist/*.map).
process.setSourceMapsEnabled(true);
await import('../dist/server.mjs');
