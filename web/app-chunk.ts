import path from 'node:path';

/**
 * One chunk for the staff app's code that the first page does not need: the shell, the shared
 * components, the API clients, the shared schemas and the small libraries they use.
 *
 * Left to itself the bundler cut that code into about 40 files of a few hundred bytes to a few
 * kilobytes each, and a signed-in page (say the Employee Budget Manager) asked for 30 of them at
 * once. Over HTTP/1.1's six connections per host they queued behind one another, and the session
 * check (`GET /api/auth/me`) and the screen's first data queued behind them: ~300 ms of the first
 * row's time at 50,000 lines went to that queue. One file loads in one round trip.
 *
 * What stays out, and why:
 * - the modules the entries load statically (`main.tsx`, `public-main.tsx` and everything they
 *   import): they are in the first page already; the login page stays small and the residents'
 *   page does not load the staff app;
 * - each screen's own folder: a screen's code loads only when the screen opens;
 * - code only one screen reaches (a schema, an API client, a component of that screen's alone):
 *   it loads with that screen. In 'app' every screen paid for it: the zod schemas of every form
 *   were built as any grid screen opened (a third of the chunk, some 70 ms of the first rows on a
 *   2-core machine). No new files come of it: the bundler puts such code in the screen's chunk;
 * - the three large libraries (AG Grid, Plotly, exceljs), everything they import, and our modules
 *   that import them: each stays in its own chunk, loaded by the screen that needs it.
 * Code on the residents' page that the staff app uses too goes to 'shared' (what the page loads
 * first) and 'shared-later' (what it loads on demand); 'app' imports the staff entry's chunk, so
 * nothing the residents' page may load is put there.
 *
 * The first page's modules are worked out from the import statements, so libraries are imported
 * by their own package, never through a barrel: `radix-ui` re-exported every Radix primitive, and
 * importing the toast through it made all of them first-page modules, left in ~10 small files.
 */
const LARGE_LIBRARY = /node_modules[\\/](ag-grid-community|ag-grid-react|plotly\.js[^\\/]*|exceljs)[\\/]/;
/** Our source and the packages we install; not the bundler's virtual modules ('\0...'). */
const REAL_FILE = /^[^\0]*[\\/](web[\\/]src|shared|node_modules)[\\/]/;
const SCREEN = /web[\\/]src[\\/]screens[\\/]/;
const SCREEN_FOLDER = /web[\\/]src[\\/]screens[\\/]([^\\/]+)[\\/]/;

interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/** Every module reachable from `roots` (through dynamic imports too, with `dynamic`), roots included. */
function closure(graph: ModuleGraph, roots: Iterable<string>, dynamic = false): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (!seen.has(id)) {
      seen.add(id);
      const info = graph.getModuleInfo(id);
      stack.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []));
    }
  }
  return seen;
}

/** The rolldown code-splitting group (build.rollupOptions.output.codeSplitting.groups). */
export function appChunk(webRoot: string) {
  const main = path.resolve(webRoot, 'src/main.tsx');
  const residents = path.resolve(webRoot, 'src/public-main.tsx');
  let chunkOf: Map<string, string> | null = null;

  /** Which module goes to which chunk, worked out once from the whole module graph. */
  const plan = (graph: ModuleGraph): Map<string, string> => {
    const staffApp = [...closure(graph, [main], true)];
    const mainFirst = closure(graph, [main]);
    const residentsFirst = closure(graph, [residents]);
    // What the residents' page may load later (its charts, its video) must not sit in 'app':
    // 'app' imports the staff entry's chunk, whose code starts the staff app in the page.
    const residentsAll = closure(graph, [residents], true);
    const large = staffApp.filter((id) => LARGE_LIBRARY.test(id));
    // What the large libraries import (d3 for Plotly, say) goes with them.
    const owned = closure(graph, large);
    const importsLarge = (id: string) => {
      const reached = closure(graph, [id]);
      return large.some((l) => reached.has(l));
    };
    // How many screens reach each module (through static imports): one screen's own code, wherever
    // it lives (a schema, an API client), loads with that screen, not with every screen.
    const screenOf = (id: string) => SCREEN_FOLDER.exec(id)?.[1];
    const screens = new Map<string, string[]>();
    for (const id of staffApp) {
      const name = screenOf(id);
      if (name) {
        screens.set(name, [...(screens.get(name) ?? []), id]);
      }
    }
    const reachedBy = new Map<string, number>();
    for (const roots of screens.values()) {
      for (const id of closure(graph, roots)) {
        reachedBy.set(id, (reachedBy.get(id) ?? 0) + 1);
      }
    }
    const result = new Map<string, string>();
    for (const id of staffApp) {
      if (!REAL_FILE.test(id) || mainFirst.has(id) || owned.has(id) || importsLarge(id)) {
        continue;
      }
      if (residentsFirst.has(id)) {
        // On the residents' first page and used by the staff app: one file both load.
        result.set(id, 'shared');
      } else if (residentsAll.has(id)) {
        // What the residents' page loads later (the video's dialog) and the staff app uses too.
        result.set(id, 'shared-later');
      } else if (!SCREEN.test(id) && (reachedBy.get(id) ?? 0) !== 1) {
        result.set(id, 'app');
      }
    }
    return result;
  };

  return {
    debugName: 'app and shared',
    name(id: string, graph: ModuleGraph): string | null {
      chunkOf ??= plan(graph);
      return chunkOf.get(id) ?? null;
    },
    // Only the modules named here: pulling in their imports would move first-page modules out of
    // the first page's chunk.
    includeDependenciesRecursively: false,
  };
}
