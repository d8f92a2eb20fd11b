/**
 * How alike two employee records are: pure functions, no database. Used by the duplicate checker
 * (services/duplicates.ts), which only compares records that share a blocking key, so the work
 * grows with the size of the blocks, not with the square of the fiscal year.
 */

export interface PersonRecord {
  id: number;
  fiscalYear: number;
  /** Lines of different budgets (scenarios) are never duplicates of each other. */
  scenarioId?: number | null;
  firstName: string | null;
  lastName: string | null;
  position: string | null;
  buildingId: number | null;
  currentSalary: number | null;
  hireDate: string | null;
}

/** Letters only, lower case, accents removed: "O'Brien" and 'OBrien' both become 'obrien'. */
export function normalizeName(name: string | null): string {
  return (name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

// Common short forms, so 'Bill Smith' and 'William Smith' land in one block and score as one name.
const NICKNAMES: Record<string, string> = {
  bill: 'william',
  will: 'william',
  billy: 'william',
  liam: 'william',
  bob: 'robert',
  rob: 'robert',
  bobby: 'robert',
  robbie: 'robert',
  dick: 'richard',
  rick: 'richard',
  rich: 'richard',
  jim: 'james',
  jimmy: 'james',
  jamie: 'james',
  mike: 'michael',
  mick: 'michael',
  tom: 'thomas',
  tommy: 'thomas',
  joe: 'joseph',
  joey: 'joseph',
  dave: 'david',
  dan: 'daniel',
  danny: 'daniel',
  chris: 'christopher',
  matt: 'matthew',
  steve: 'steven',
  stephen: 'steven',
  tony: 'anthony',
  andy: 'andrew',
  drew: 'andrew',
  ed: 'edward',
  eddie: 'edward',
  ted: 'edward',
  peggy: 'margaret',
  maggie: 'margaret',
  meg: 'margaret',
  liz: 'elizabeth',
  beth: 'elizabeth',
  betty: 'elizabeth',
  lizzie: 'elizabeth',
  kate: 'katherine',
  katie: 'katherine',
  kathy: 'katherine',
  cathy: 'katherine',
  catherine: 'katherine',
  sue: 'susan',
  suzy: 'susan',
  jen: 'jennifer',
  jenny: 'jennifer',
  pat: 'patricia',
  patty: 'patricia',
  trish: 'patricia',
  debbie: 'deborah',
  deb: 'deborah',
  barb: 'barbara',
  becky: 'rebecca',
  abby: 'abigail',
};

/** The first name with a known nickname replaced by its full form. */
export function canonicalFirstName(name: string | null): string {
  const n = normalizeName(name);
  return NICKNAMES[n] ?? n;
}

/** American Soundex ('Rodrigues' and 'Rodriguez' are both R362). */
export function soundex(name: string): string {
  const s = normalizeName(name);
  if (!s) {
    return '';
  }
  const codes: Record<string, string> = {
    b: '1',
    f: '1',
    p: '1',
    v: '1',
    c: '2',
    g: '2',
    j: '2',
    k: '2',
    q: '2',
    s: '2',
    x: '2',
    z: '2',
    d: '3',
    t: '3',
    l: '4',
    m: '5',
    n: '5',
    r: '6',
  };
  let out = s[0].toUpperCase();
  let last = codes[s[0]] ?? '';
  for (let i = 1; i < s.length && out.length < 4; i += 1) {
    const ch = s[i];
    const code = codes[ch] ?? '';
    if (code && code !== last) {
      out += code;
    }
    // h and w do not separate equal codes; vowels do.
    if (ch !== 'h' && ch !== 'w') {
      last = code;
    }
  }
  return out.padEnd(4, '0');
}

// Reused match flags: the checker calls jaroWinkler hundreds of thousands of times at 50,000 lines.
let flagsA = new Uint8Array(64);
let flagsB = new Uint8Array(64);

/** Jaro-Winkler similarity in 0..1. */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) {
    return a.length ? 1 : 0;
  }
  if (!a.length || !b.length) {
    return 0;
  }
  if (flagsA.length < a.length || flagsB.length < b.length) {
    flagsA = new Uint8Array(Math.max(a.length, b.length) * 2);
    flagsB = new Uint8Array(flagsA.length);
  }
  flagsA.fill(0, 0, a.length);
  flagsB.fill(0, 0, b.length);
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  let matches = 0;
  for (let i = 0; i < a.length; i += 1) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(b.length - 1, i + window);
    const ch = a.charCodeAt(i);
    for (let j = lo; j <= hi; j += 1) {
      if (!flagsB[j] && ch === b.charCodeAt(j)) {
        flagsA[i] = 1;
        flagsB[j] = 1;
        matches += 1;
        break;
      }
    }
  }
  if (!matches) {
    return 0;
  }
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < a.length; i += 1) {
    if (flagsA[i]) {
      while (!flagsB[k]) {
        k += 1;
      }
      if (a.charCodeAt(i) !== b.charCodeAt(k)) {
        transpositions += 1;
      }
      k += 1;
    }
  }
  const jaro = (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < Math.min(4, a.length, b.length) && a.charCodeAt(prefix) === b.charCodeAt(prefix)) {
    prefix += 1;
  }
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** A record with its names normalised once, so scoring a pair does no string clean-up. */
export interface PreparedRecord extends PersonRecord {
  last: string;
  first: string;
  firstRaw: string;
  pos: string | null;
}

export function prepareRecord(r: PersonRecord): PreparedRecord {
  const firstRaw = normalizeName(r.firstName);
  return {
    ...r,
    last: normalizeName(r.lastName),
    first: NICKNAMES[firstRaw] ?? firstRaw,
    firstRaw,
    pos: r.position ? r.position.trim().toLowerCase() : null,
  };
}

/** The block a record is compared within: budget, fiscal year, Soundex of the last name, first initial. */
export function blockKey(r: PreparedRecord): string | null {
  const last = soundex(r.last);
  return last && r.first ? `${r.scenarioId ?? ''}|${r.fiscalYear}|${last}|${r.first[0]}` : null;
}

export interface PairScore {
  score: number;
  factors: string[];
}

/** The smallest score reported as a possible duplicate. */
export const DUPLICATE_THRESHOLD = 70;
const pct = (x: number) => `${Math.floor(x * 100)}%`;

/**
 * Scores a pair 0-100 from names (up to 55: the names must look alike for a pair to count at all)
 * and from job facts (position 15, building 10, salary 10, hire date 10). Returns null below the
 * threshold, so two different people who merely share a surname and a school are not suggested.
 */
export function scorePair(a: PreparedRecord, b: PreparedRecord): PairScore | null {
  // First names first: within a block they share an initial, so most pairs part here, cheaply.
  let firstScore: number;
  let firstFactor: string;
  if (a.first === b.first) {
    firstScore = 25;
    firstFactor = a.firstRaw === b.firstRaw ? 'Same first name' : 'First name is a nickname of the other';
  } else if (
    a.first.length >= 2 &&
    b.first.length >= 2 &&
    (a.first.startsWith(b.first) || b.first.startsWith(a.first))
  ) {
    firstScore = 20;
    firstFactor = 'First name is a short form of the other';
  } else {
    const sim = jaroWinkler(a.first, b.first);
    if (sim < 0.8) {
      return null;
    }
    firstScore = Math.round(25 * sim);
    firstFactor = `First name ${pct(sim)} similar`;
  }
  let lastScore = 30;
  let lastFactor = 'Same last name';
  if (a.last !== b.last) {
    const sim = jaroWinkler(a.last, b.last);
    if (sim < 0.88) {
      return null;
    }
    lastScore = Math.round(30 * sim);
    lastFactor = `Last name ${pct(sim)} similar`;
  }
  const factors = [lastFactor, firstFactor];
  let score = lastScore + firstScore;
  if (a.pos && a.pos === b.pos) {
    score += 15;
    factors.push('Same position');
  }
  if (a.buildingId === b.buildingId) {
    score += 10;
    factors.push(a.buildingId === null ? 'Both District Wide' : 'Same building');
  }
  if (a.currentSalary !== null && b.currentSalary !== null && a.currentSalary > 0 && b.currentSalary > 0) {
    const diff = Math.abs(a.currentSalary - b.currentSalary) / Math.max(a.currentSalary, b.currentSalary);
    if (diff === 0) {
      score += 10;
      factors.push('Same salary');
    } else if (diff <= 0.01) {
      score += 8;
      factors.push('Salary within 1%');
    } else if (diff <= 0.05) {
      score += 4;
      factors.push('Salary within 5%');
    }
  }
  if (a.hireDate && b.hireDate && a.hireDate === b.hireDate) {
    score += 10;
    factors.push('Same hire date');
  }
  const total = Math.min(100, score);
  return total >= DUPLICATE_THRESHOLD ? { score: total, factors } : null;
}
