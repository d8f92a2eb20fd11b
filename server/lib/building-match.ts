/**
 * Finding the building a payroll or import value names: by code, by name, then by a looser rule.
 * One implementation for both callers, which read names differently (each as documented for its
 * users), so each passes its NameRules:
 * - imports (`BuildingMatcher` in server/lib/import/match.ts, docs/IMPORTING.md): IMPORT_NAMES;
 * - linking employees to buildings (`buildingMatcher` in server/domains/budgets/buildings.ts,
 *   ARCHITECTURE 'Linking employees to buildings'): LINK_NAMES.
 */

export interface BuildingRef {
  id: number;
  name: string;
  code: string | null;
}

export interface NameRules {
  /** Reductions tried in turn: a value names a building when one gives both the same text. */
  exact: readonly ((text: string) => string)[];
  /** A reduced name two buildings share names neither ('none') or the later one ('last'). */
  shared: 'none' | 'last';
  /** The reduction for the last resort, whose words are compared. */
  loose: (text: string) => string;
  /**
   * The last resort: 'prefix' = the value's words begin exactly one building's name; 'words' = they
   * all appear in exactly one building's name, in any order.
   */
  looseRule: 'prefix' | 'words';
}

export interface BuildingIndex {
  /** The building whose code is the value, ignoring case and surrounding spaces. */
  byCode(text: string | null): number | null;
  /** The building whose name is the value, after the rules' reductions. */
  byName(text: string | null): number | null;
  /** The one building the rules' last resort finds. */
  byLooseName(text: string | null): number | null;
}

/** Shorter values ('MI', 'RIV', 'ES') say too little about which school is meant. */
const MIN_LOOSE_LETTERS = 4;

const wordsOf = (text: string) => text.split(' ').filter(Boolean);

export function indexBuildings(buildings: readonly BuildingRef[], rules: NameRules): BuildingIndex {
  const codes = new Map<string, number>();
  for (const b of buildings) {
    const code = b.code?.trim().toLowerCase();
    if (code) {
      codes.set(code, b.id);
    }
  }
  const exact = rules.exact.map((reduce) => {
    const ids = new Map<string, number[]>();
    for (const b of buildings) {
      const key = reduce(b.name);
      ids.set(key, [...(ids.get(key) ?? []), b.id]);
    }
    return { reduce, ids };
  });
  const loose = buildings.map((b) => {
    const name = rules.loose(b.name);
    return { id: b.id, name, words: new Set(wordsOf(name)) };
  });
  return {
    byCode(text) {
      const code = text?.trim().toLowerCase();
      return code ? (codes.get(code) ?? null) : null;
    },
    byName(text) {
      if (!text) {
        return null;
      }
      for (const { reduce, ids } of exact) {
        const hits = ids.get(reduce(text)) ?? [];
        if (hits.length === 1 || (hits.length > 1 && rules.shared === 'last')) {
          return hits[hits.length - 1];
        }
      }
      return null;
    },
    byLooseName(text) {
      const value = text ? rules.loose(text) : '';
      const words = wordsOf(value);
      if (words.join('').length < MIN_LOOSE_LETTERS) {
        return null;
      }
      const hits =
        rules.looseRule === 'prefix'
          ? loose.filter((b) => b.name === value || b.name.startsWith(`${value} `))
          : loose.filter((b) => words.every((w) => b.words.has(w)));
      return hits.length === 1 ? hits[0].id : null;
    },
  };
}

/** Lower case, '&' read as 'and', letters and digits only, single spaces. */
export const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

// Imports: abbreviations spelled out as the one word that tells schools apart ('HS' = 'high'), as
// 'School', 'The' and the like are dropped.
const IMPORT_ABBREVIATIONS: Record<string, string> = {
  elem: 'elementary',
  el: 'elementary',
  es: 'elementary',
  ms: 'middle',
  hs: 'high',
  jr: 'junior',
  sr: 'senior',
  st: 'street',
  ave: 'avenue',
  rd: 'road',
  ctr: 'center',
  centre: 'center',
};
const GENERIC = new Set(['school', 'schools', 'sch', 'the', 'of', 'public', 'ps']);

/** The words that tell one school from another: abbreviations spelled out, 'School' and 'The' dropped. */
export const importKey = (text: string) =>
  wordsOf(plain(text))
    .map((w) => IMPORT_ABBREVIATIONS[w] ?? w)
    .filter((w) => !GENERIC.has(w))
    .join(' ');

/**
 * Imports: (1) the full name, ignoring case and punctuation; (2) the name with abbreviations spelled
 * out and 'School'/'The' dropped ('Center St. Elem' = 'Center Street Elementary School'); (3) a
 * value of at least 4 letters whose words all appear in exactly one building's name ('Hillside').
 */
export const IMPORT_NAMES: NameRules = {
  exact: [plain, importKey],
  shared: 'last',
  loose: importKey,
  looseRule: 'words',
};

// Linking: abbreviations payroll exports use for parts of school names. Both sides of a comparison
// are expanded the same way, so 'St' becoming 'street' is harmless even in "St. Mary's".
const LINK_ABBREVIATIONS: Record<string, string> = {
  hs: 'high school',
  ms: 'middle school',
  es: 'elementary school',
  elem: 'elementary',
  el: 'elementary',
  mid: 'middle',
  sch: 'school',
  schl: 'school',
  acad: 'academy',
  ctr: 'center',
  cntr: 'center',
  jr: 'junior',
  sr: 'senior',
  st: 'street',
  ave: 'avenue',
  rd: 'road',
  mt: 'mount',
};

/**
 * A school name reduced for comparison: lower case, '&' read as 'and', apostrophes dropped, other
 * punctuation as spaces, abbreviations spelt out, 'pre school' joined. 'Millbrook HS' and
 * 'Millbrook High School.' both become 'millbrook high school'.
 */
export function normaliseBuildingName(text: string): string {
  const words = wordsOf(plain(text.replace(/['\u2019]/g, ''))).map((w) => LINK_ABBREVIATIONS[w] ?? w);
  return words.join(' ').replace(/\bpre school\b/g, 'preschool');
}

/**
 * Linking employees: (1) the name normalised (normaliseBuildingName) equals exactly one building's;
 * (2) the normalised value, at least 4 letters, is the first whole word(s) of exactly one
 * building's name ('HILLSIDE' = 'Hillside Elementary School').
 */
export const LINK_NAMES: NameRules = {
  exact: [normaliseBuildingName],
  shared: 'none',
  loose: normaliseBuildingName,
  looseRule: 'prefix',
};
