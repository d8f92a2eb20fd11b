import {
  IMPORT_NAMES,
  indexBuildings,
  plain,
  type BuildingIndex,
  type BuildingRef,
} from '@server/lib/building-match';

/**
 * Matching imported text to reference rows: buildings, budget categories and work groups.
 * The rules are documented in docs/IMPORTING.md and tested in suggest.test.ts.
 */

export type { BuildingRef };

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

/**
 * Finds the building a location cell means, by the import's rules (IMPORT_NAMES in
 * server/lib/building-match.ts): (1) its code, ignoring case ('MHS'); (2) its full name, ignoring
 * case and punctuation; (3) its name with abbreviations spelled out and 'School'/'The' dropped
 * ('Center St. Elem' = 'Center Street Elementary School'); (4) a value of at least 4 letters whose
 * words all appear in exactly one building's name ('Hillside'). A name two buildings share at
 * steps 2-3 means the later one; anything else, or a value two buildings could mean at step 4,
 * matches nothing.
 */
export class BuildingMatcher {
  private readonly index: BuildingIndex;
  // A file repeats the same few locations on thousands of rows.
  private readonly cache = new Map<string, number | null>();
  private readonly names: Map<number, string>;

  constructor(buildings: readonly BuildingRef[]) {
    this.index = indexBuildings(buildings, IMPORT_NAMES);
    this.names = new Map(buildings.map((b) => [b.id, b.name]));
  }

  /** The name of a building matched earlier (the import preview shows it). */
  nameOf(id: number): string | null {
    return this.names.get(id) ?? null;
  }

  match(text: string): number | null {
    const cached = this.cache.get(text);
    if (cached !== undefined) {
      return cached;
    }
    const found = this.index.byCode(text) ?? this.index.byName(text) ?? this.index.byLooseName(text);
    this.cache.set(text, found);
    return found;
  }
}

/**
 * Finds a budget category by the line's DESE function code (budget_categories.dese_function; the
 * first by display order when several share it), or by the name or code a file gives.
 */
export class CategoryMatcher {
  private readonly byText = new Map<string, number>();
  private readonly byDese = new Map<string, number>();
  private readonly names = new Map<number, string>();

  constructor(categories: readonly CategoryRef[]) {
    for (const c of categories) {
      this.names.set(c.id, c.name);
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

  /** The name of a category matched earlier (the import preview shows it). */
  nameOf(id: number): string | null {
    return this.names.get(id) ?? null;
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
