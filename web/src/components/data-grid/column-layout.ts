import type { ColDef, ColumnState } from 'ag-grid-community';

/**
 * A user's column layout for one grid: the columns in order, each shown or hidden, pinned left,
 * right or not, and a width only where the user dragged one (the others are sized to their
 * content on every load, so new figures never clip). Kept in localStorage per user and grid.
 */
export interface SavedColumn {
  colId: string;
  hide: boolean;
  pinned: 'left' | 'right' | null;
  width?: number;
}

const VERSION = 1;

/** The localStorage key of a user's layout of a grid. */
export function layoutKey(userId: number | string, gridId: string): string {
  return `grid-columns.v${VERSION}.${userId}.${gridId}`;
}

/** AG Grid's own columns (the selection checkboxes) are not the user's to arrange. */
export function isGridColumn(colId: string): boolean {
  return colId.startsWith('ag-Grid-');
}

function normalPinned(pinned: ColDef['pinned'] | ColumnState['pinned']): SavedColumn['pinned'] {
  if (pinned === true || pinned === 'left') {
    return 'left';
  }
  return pinned === 'right' ? 'right' : null;
}

/** A stored layout, or null for none or anything unreadable (a changed format, a hand edit). */
export function parseLayout(raw: string | null): SavedColumn[] | null {
  if (!raw) {
    return null;
  }
  try {
    const parsed = JSON.parse(raw) as { version?: unknown; columns?: unknown };
    if (parsed.version !== VERSION || !Array.isArray(parsed.columns)) {
      return null;
    }
    return parsed.columns
      .filter((c): c is SavedColumn => Boolean(c) && typeof (c as SavedColumn).colId === 'string')
      .map((c) => ({
        colId: c.colId,
        hide: c.hide === true,
        pinned: normalPinned(c.pinned),
        ...(typeof c.width === 'number' && c.width > 0 ? { width: Math.round(c.width) } : {}),
      }));
  } catch {
    return null;
  }
}

export function serializeLayout(columns: SavedColumn[]): string {
  return JSON.stringify({ version: VERSION, columns });
}

/** The layout the column definitions give: their order, hidden and pinned as defined, no widths. */
export function defaultLayout<T>(defs: ColDef<T>[]): SavedColumn[] {
  return defs
    .map((def) => ({
      colId: def.colId ?? String(def.field ?? ''),
      hide: def.hide === true,
      pinned: normalPinned(def.pinned),
    }))
    .filter((c) => c.colId && !isGridColumn(c.colId));
}

/** The grid's current layout, keeping widths only for the columns the user sized. */
export function layoutOf(state: ColumnState[], userSized: ReadonlySet<string>): SavedColumn[] {
  return state
    .filter((s) => !isGridColumn(s.colId))
    .map((s) => ({
      colId: s.colId,
      hide: s.hide === true,
      pinned: normalPinned(s.pinned),
      ...(userSized.has(s.colId) && s.width ? { width: Math.round(s.width) } : {}),
    }));
}

export function sameLayout(a: SavedColumn[], b: SavedColumn[]): boolean {
  return (
    a.length === b.length &&
    a.every((c, i) => {
      const d = b[i];
      return c.colId === d.colId && c.hide === d.hide && c.pinned === d.pinned && c.width === d.width;
    })
  );
}

/**
 * The saved layout fitted to today's columns: columns that no longer exist are dropped, and a
 * column added since the layout was saved keeps its defined place (after the column it follows in
 * the definitions), shown and pinned as defined.
 */
export function mergeLayout(saved: SavedColumn[], defaults: SavedColumn[]): SavedColumn[] {
  const known = new Set(defaults.map((c) => c.colId));
  const result = saved.filter((c) => known.has(c.colId));
  const placed = new Set(result.map((c) => c.colId));
  defaults.forEach((column, index) => {
    if (placed.has(column.colId)) {
      return;
    }
    const before = defaults
      .slice(0, index)
      .reverse()
      .find((c) => placed.has(c.colId));
    const at = before ? result.findIndex((c) => c.colId === before.colId) + 1 : 0;
    result.splice(at, 0, column);
    placed.add(column.colId);
  });
  return result;
}

/** As AG Grid column state: every column's place, visibility and pin, and the user's widths. */
export function toColumnState(layout: SavedColumn[]): ColumnState[] {
  return layout.map((c) => ({
    colId: c.colId,
    hide: c.hide,
    pinned: c.pinned,
    ...(c.width ? { width: c.width } : {}),
  }));
}
