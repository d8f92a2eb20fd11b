/**
 * Matching imported text to reference rows: buildings, budget categories and work groups.
 * The rules are documented in README ("Importing files") and tested in match.test.ts.
 */

export interface BuildingRef {
  id: number;
  name: string;
  code: string | null;
}

export interface CategoryRef {
  id: number;
  name: string;
  code: string | null;
  deseFunction: string | null;
}

export interface WorkGroupRef {
  id: number;
  name: string;
}

const ABBREVIATIONS: Record<string, string> = {
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

/** Lower case, letters and digits only, single spaces. */
export const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The words that tell one school from another: abbreviations spelled out, 'School' and 'The' dropped. */
function keyWords(text: string): string[] {
  return plain(text)
    .split(' ')
    .filter(Boolean)
    .map((w) => ABBREVIATIONS[w] ?? w)
    .filter((w) => !GENERIC.has(w));
}

/**
 * Finds the building a location cell means, in this order: (1) its code, ignoring case ('MHS');
 * (2) its full name, ignoring case and punctuation; (3) its name with abbreviations spelled out and
 * 'School'/'The' dropped ('Center St. Elem' = 'Center Street Elementary School'); (4) a value of at
 * least 4 letters whose words all appear in exactly one building's name ('Hillside'). Anything
 * else, or a value two buildings could mean, matches nothing.
 */
export class BuildingMatcher {
  private readonly byCode = new Map<string, number>();
  private readonly byName = new Map<string, number>();
  private readonly byKey = new Map<string, number>();
  private readonly words: { id: number; words: Set<string> }[];
  private readonly cache = new Map<string, number | null>();

  constructor(buildings: readonly BuildingRef[]) {
    for (const b of buildings) {
      if (b.code) {
        this.byCode.set(b.code.trim().toLowerCase(), b.id);
      }
      this.byName.set(plain(b.name), b.id);
      this.byKey.set(keyWords(b.name).join(' '), b.id);
    }
    this.words = buildings.map((b) => ({ id: b.id, words: new Set(keyWords(b.name)) }));
  }

  match(text: string): number | null {
    const cached = this.cache.get(text);
    if (cached !== undefined) {
      return cached;
    }
    const found = this.find(text);
    this.cache.set(text, found);
    return found;
  }

  private find(text: string): number | null {
    const code = this.byCode.get(text.trim().toLowerCase());
    if (code !== undefined) {
      return code;
    }
    const byName = this.byName.get(plain(text));
    if (byName !== undefined) {
      return byName;
    }
    const key = keyWords(text);
    const byKey = this.byKey.get(key.join(' '));
    if (byKey !== undefined) {
      return byKey;
    }
    if (key.join('').length < 4) {
      return null;
    }
    const hits = this.words.filter((b) => key.every((w) => b.words.has(w)));
    return hits.length === 1 ? hits[0].id : null;
  }
}

/**
 * Finds a budget category by the line's DESE function code (budget_categories.dese_function; the
 * first by display order when several share it), or by the name or code a file gives.
 */
export class CategoryMatcher {
  private readonly byText = new Map<string, number>();
  private readonly byDese = new Map<string, number>();

  constructor(categories: readonly CategoryRef[]) {
    for (const c of categories) {
      this.byText.set(plain(c.name), c.id);
      if (c.code) {
        this.byText.set(plain(c.code), c.id);
      }
      if (c.deseFunction && !this.byDese.has(c.deseFunction)) {
        this.byDese.set(c.deseFunction, c.id);
      }
    }
  }

  byName(text: string): number | null {
    return this.byText.get(plain(text)) ?? null;
  }

  byDeseCode(code: string): number | null {
    return this.byDese.get(code) ?? null;
  }
}

/** Finds a work group by name, ignoring case and punctuation. */
export class WorkGroupMatcher {
  private readonly byName = new Map<string, number>();

  constructor(groups: readonly WorkGroupRef[]) {
    for (const g of groups) {
      this.byName.set(plain(g.name), g.id);
    }
  }

  match(text: string): number | null {
    return this.byName.get(plain(text)) ?? null;
  }
}
