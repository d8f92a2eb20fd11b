import type { Position, PositionListResponse } from './positions';

/**
 * The compact form of GET /positions (`format=rows`), for the Positions grid's whole list: each
 * position an array of values in the order of POSITION_ROW_COLUMNS, so the field names are not
 * repeated 50,000 times, and the names of buildings, categories, work groups and function codes
 * sent once. Decoded (decodePositionRows), every position is exactly the DTO the object form sends.
 *
 * On the wire, a value is the DTO's value, except:
 * - budgetYearId, fiscalYear and costFiscalYear are the list's (one roster);
 * - buildingName, categoryName, workGroupName and functionName are looked up in `names` by id/code;
 * - overFilled is 1 or 0; createdAt and updatedAt are milliseconds since 1970 (or null);
 * - holders are [lineItemId, employeeName, fteShare].
 *
 * No zod here: the web app loads this module with the list (the response's zod schema is
 * positionRowsResponse in ./positions).
 */
export const POSITION_ROW_COLUMNS = [
  'id',
  'title',
  'buildingId',
  'deseCode',
  'categoryId',
  'workGroupId',
  'fte',
  'status',
  'vacancyStep',
  'vacancyLane',
  'budgetedStep',
  'budgetedLane',
  'placementSource',
  'notes',
  'filledFte',
  'unfilledFte',
  'holderCount',
  'holders',
  'overFilled',
  'budgetedCost',
  'unpricedReason',
  'version',
  'createdAt',
  'updatedAt',
  'createdByName',
  'updatedByName',
] as const satisfies readonly (keyof Position)[];

/** [id or code, name] pairs. */
type Names<K> = readonly (readonly [K, string | null])[];

export interface PositionRows extends Omit<PositionListResponse, 'positions'> {
  columns: readonly string[];
  rows: readonly (readonly unknown[])[];
  names: {
    buildings: Names<number>;
    categories: Names<number>;
    workGroups: Names<number>;
    functions: Names<string>;
  };
}

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** Each distinct [key, name] once. */
function namesOf<K>(
  positions: readonly Position[],
  key: (p: Position) => K | null,
  name: (p: Position) => string | null,
) {
  const seen = new Map<K, string | null>();
  for (const p of positions) {
    const k = key(p);
    if (k !== null && !seen.has(k)) {
      seen.set(k, name(p));
    }
  }
  return [...seen.entries()] as [K, string | null][];
}

/** A list response in the compact form. */
export function encodePositionRows(list: PositionListResponse): PositionRows {
  const { positions, ...rest } = list;
  return {
    ...rest,
    columns: POSITION_ROW_COLUMNS,
    rows: positions.map((p) =>
      POSITION_ROW_COLUMNS.map((c) => {
        switch (c) {
          case 'holders':
            return p.holders.map((h) => [h.lineItemId, h.employeeName, h.fteShare]);
          case 'overFilled':
            return p.overFilled ? 1 : 0;
          case 'createdAt':
          case 'updatedAt':
            return ms(p[c]);
          default:
            return p[c];
        }
      }),
    ),
    names: {
      buildings: namesOf(
        positions,
        (p) => p.buildingId,
        (p) => p.buildingName,
      ),
      categories: namesOf(
        positions,
        (p) => p.categoryId,
        (p) => p.categoryName,
      ),
      workGroups: namesOf(
        positions,
        (p) => p.workGroupId,
        (p) => p.workGroupName,
      ),
      functions: namesOf(
        positions,
        (p) => p.deseCode,
        (p) => p.functionName,
      ),
    },
  };
}

/** Milliseconds to the DTO's ISO text; positions written together share theirs, formatted once. */
function isoTimes(): (ms: number | null) => string | null {
  const seen = new Map<number, string>();
  return (value) => {
    if (value === null) {
      return null;
    }
    let text = seen.get(value);
    if (text === undefined) {
      text = new Date(value).toISOString();
      seen.set(value, text);
    }
    return text;
  };
}

type Row = Readonly<Record<number, never>>;

/** The compact form back to the object form, every position exactly the DTO. */
export function decodePositionRows(body: PositionRows): PositionListResponse {
  const at = Object.fromEntries(POSITION_ROW_COLUMNS.map((c) => [c, body.columns.indexOf(c)])) as Record<
    (typeof POSITION_ROW_COLUMNS)[number],
    number
  >;
  for (const [column, i] of Object.entries(at)) {
    if (i < 0) {
      throw new Error(`The positions list has no ${column} column`);
    }
  }
  const lookup = <K>(pairs: Names<K>) => {
    const map = new Map(pairs);
    return (k: K | null) => (k === null ? null : (map.get(k) ?? null));
  };
  const building = lookup(body.names.buildings);
  const category = lookup(body.names.categories);
  const workGroup = lookup(body.names.workGroups);
  const fn = lookup(body.names.functions);
  const iso = isoTimes();
  const { columns: _columns, rows: _rows, names: _names, ...rest } = body;
  const positions = (body.rows as unknown as readonly Row[]).map((r): Position => ({
    id: r[at.id],
    budgetYearId: body.budgetYearId,
    fiscalYear: body.fiscalYear,
    costFiscalYear: body.fiscalYear + 1,
    title: r[at.title],
    buildingId: r[at.buildingId],
    buildingName: building(r[at.buildingId]),
    deseCode: r[at.deseCode],
    functionName: fn(r[at.deseCode]),
    categoryId: r[at.categoryId],
    categoryName: category(r[at.categoryId]),
    workGroupId: r[at.workGroupId],
    workGroupName: workGroup(r[at.workGroupId]),
    fte: r[at.fte],
    status: r[at.status],
    vacancyStep: r[at.vacancyStep],
    vacancyLane: r[at.vacancyLane],
    budgetedStep: r[at.budgetedStep],
    budgetedLane: r[at.budgetedLane],
    placementSource: r[at.placementSource],
    notes: r[at.notes],
    filledFte: r[at.filledFte],
    unfilledFte: r[at.unfilledFte],
    holderCount: r[at.holderCount],
    holders: (r[at.holders] as readonly [number, string | null, number][]).map(
      ([lineItemId, employeeName, fteShare]) => ({ lineItemId, employeeName, fteShare }),
    ),
    overFilled: r[at.overFilled] === 1,
    budgetedCost: r[at.budgetedCost],
    unpricedReason: r[at.unpricedReason],
    version: r[at.version],
    createdAt: iso(r[at.createdAt]),
    updatedAt: iso(r[at.updatedAt]),
    createdByName: r[at.createdByName],
    updatedByName: r[at.updatedByName],
  }));
  return { ...rest, positions };
}
