import { plain } from '@server/lib/building-match';
export { periodReaches } from '@shared/schemas/funds';

/** A fund as an import matches it (funds table). */
export interface FundRef {
  id: number;
  code: string;
  name: string;
  kind: string;
  periodStart: string | null;
  periodEnd: string | null;
}

/**
 * Finds the fund an imported line names: a Fund column's code (any letter case) or name, else the
 * fund segment of its account string (the first, as MUNIS writes '0100-3-300-2305-...') when that
 * segment is a fund's code. docs/IMPORTING.md says the rules; the general fund is stored as no fund.
 */
export class FundMatcher {
  private readonly byCode = new Map<string, FundRef>();
  private readonly byName = new Map<string, FundRef>();
  private readonly ids = new Map<number, FundRef>();
  private readonly general: FundRef | null;

  constructor(funds: readonly FundRef[]) {
    for (const f of funds) {
      this.byCode.set(f.code.toLowerCase(), f);
      this.byName.set(plain(f.name), f);
      this.ids.set(f.id, f);
    }
    this.general = funds.find((f) => f.kind === 'general') ?? null;
  }

  /** The fund with this id (a crosswalk rule's), or null. */
  byId(id: number): FundRef | null {
    return this.ids.get(id) ?? null;
  }

  /** The name of the fund a stored line names (null: the general fund's), for the preview. */
  nameOf(id: number | null): string | null {
    return id === null ? (this.general?.name ?? null) : (this.ids.get(id)?.name ?? null);
  }

  /** A Fund cell: a code first, then a name. */
  match(text: string): FundRef | null {
    return this.byCode.get(text.trim().toLowerCase()) ?? this.byName.get(plain(text)) ?? null;
  }

  /** The fund an account string's first segment names, or null. */
  fromAccount(account: string): FundRef | null {
    const segment = account.trim().split(/[-.\s/]/)[0] ?? '';
    return segment ? (this.byCode.get(segment.toLowerCase()) ?? null) : null;
  }
}
