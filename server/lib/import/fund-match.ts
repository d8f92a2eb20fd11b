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

  constructor(funds: readonly FundRef[]) {
    for (const f of funds) {
      this.byCode.set(f.code.toLowerCase(), f);
      this.byName.set(plain(f.name), f);
    }
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
