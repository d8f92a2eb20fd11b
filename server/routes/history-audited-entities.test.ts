import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORY_ENTITIES, NOT_IN_HISTORY } from '@shared/schemas/history';

/**
 * Every record the services write to audit_log has a readable history: GET /history/:entity/:id
 * accepts each entity name they write (or NOT_IN_HISTORY says why not). Read from the services'
 * own code, so a new audited record without a history fails here rather than in a user's hands.
 */
const SERVER = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      return sourceFiles(full);
    }
    return /\.ts$/.test(e.name) && !/\.(test|suite|world)\.ts$/.test(e.name) ? [full] : [];
  });
}

// Places that pass an entity name through rather than choose one: the audit writer itself and the
// bulk-change helper, whose callers name the entity with a literal (read like any other). A new one
// must be added here after making sure every name it can carry is readable.
const PASS_THROUGH = new Set(['db/audit.ts: entry.entity', 'domains/line-items/projected.ts: target.entity']);
// What follows `entity:` without being a value: a type annotation, the history schema's own field.
const NOT_A_VALUE = /^(string|HistoryEntity|z\.enum\(|\$\{)/;

/** A file's `const NAME = 'x'` (or auditEntityName('x')), following one import to another file. */
function constantIn(file: string, name: string): string | null {
  const text = readFileSync(file, 'utf8');
  const m = new RegExp(`const ${name}\\s*=\\s*(?:'([^']+)'|auditEntityName\\('([^']+)'\\))`).exec(text);
  if (m) {
    return m[1] ?? HISTORY_ENTITIES[m[2] as keyof typeof HISTORY_ENTITIES][0];
  }
  const from = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '([^']+)'`).exec(text)?.[1];
  if (!from) {
    return null;
  }
  const target = from.startsWith('@server/')
    ? path.join(SERVER, from.slice('@server/'.length))
    : path.resolve(path.dirname(file), from);
  return constantIn(`${target}.ts`, name);
}

/** The entity names the code writes, and anything it could not resolve to a name. */
function auditedNames() {
  const names = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const file of sourceFiles(SERVER)) {
    const rel = path.relative(SERVER, file);
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (/^\s*(\*|\/\/|\/\*)/.test(line)) {
        continue;
      }
      for (const m of line.matchAll(/\bentity:\s*([^,;}\s]+)/g)) {
        const expr = m[1];
        if (NOT_A_VALUE.test(expr) || PASS_THROUGH.has(`${rel}: ${expr}`)) {
          continue;
        }
        const literal = /^'([^']+)'$/.exec(expr)?.[1];
        const name = literal ?? (/^[A-Z_]+$/.test(expr) ? constantIn(file, expr) : null);
        if (name) {
          names.set(name, [...(names.get(name) ?? []), rel]);
        } else {
          unresolved.push(`${rel}: ${expr}`);
        }
      }
    }
  }
  return { names, unresolved };
}

describe('the audited records and GET /history', () => {
  const readable = new Set<string>(Object.values(HISTORY_ENTITIES).flat());

  it('finds the audit calls it reads (the scan itself works)', () => {
    const { names, unresolved } = auditedNames();
    expect(unresolved).toEqual([]);
    for (const known of ['line-item', 'crosswalk-rule', 'function-code-rule', 'scenario-adoption']) {
      expect(names.has(known), known).toBe(true);
    }
    expect(names.has('ledger-import') && names.has('ledger-settings') && names.has('security')).toBe(true);
  });

  it('reads the history of every entity the services write to the audit log', () => {
    const { names } = auditedNames();
    const missing = [...names.keys()].filter((n) => !readable.has(n) && !(n in NOT_IN_HISTORY));
    expect(
      missing.map((n) => `${n} (written in ${names.get(n)!.join(', ')})`),
      'audited but GET /history refuses them: add them to HISTORY_ENTITIES (and their table and reader in services/history.ts)',
    ).toEqual([]);
  });

  it('keeps no stale reason for leaving a name out', () => {
    const { names } = auditedNames();
    expect(Object.keys(NOT_IN_HISTORY).filter((n) => !names.has(n) || readable.has(n))).toEqual([]);
  });
});
