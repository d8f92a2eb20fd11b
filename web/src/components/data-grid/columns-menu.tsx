import type { Column, GridApi } from 'ag-grid-community';
import * as Popover from '@radix-ui/react-popover';
import { useState, type MutableRefObject } from 'react';
import { isGridColumn } from '@web/components/data-grid/column-layout';
import type { GridLayoutContext } from '@web/components/data-grid/use-column-layout';
import '@web/components/data-grid/columns-menu.css';

type Pin = 'left' | 'right' | null;

interface ColumnItem {
  colId: string;
  name: string;
  visible: boolean;
  pinned: Pin;
  movable: boolean;
}

const PIN_ORDER: Record<string, number> = { left: 0, none: 1, right: 2 };
const pinKey = (pin: Pin) => pin ?? 'none';

/** The user's columns as the grid shows them: pinned left, then unpinned, then pinned right. */
function columnsOf<T>(api: GridApi<T>): ColumnItem[] {
  return (api.getAllGridColumns() ?? [])
    .filter((c) => !isGridColumn(c.getColId()))
    .map((c: Column) => ({
      colId: c.getColId(),
      name: api.getDisplayNameForColumn(c, 'header') || c.getColId(),
      visible: c.isVisible(),
      pinned: (c.getPinned() || null) as Pin,
      movable: !c.getColDef().suppressMovable,
    }))
    .sort((a, b) => PIN_ORDER[pinKey(a.pinned)] - PIN_ORDER[pinKey(b.pinned)]);
}

/** Whether a column can trade places with its neighbour: both movable, in the same pinned group. */
function canMove(items: ColumnItem[], index: number, step: -1 | 1): boolean {
  const item = items[index];
  const next = items[index + step];
  return Boolean(item?.movable && next?.movable && pinKey(next.pinned) === pinKey(item.pinned));
}

/** Moves a column one place within its pinned group (the order of the grid's own column list). */
function move<T>(api: GridApi<T>, items: ColumnItem[], index: number, step: -1 | 1): void {
  const next = items[index + step];
  if (!canMove(items, index, step) || !next) {
    return;
  }
  const item = items[index];
  const all = (api.getAllGridColumns() ?? []).map((c) => c.getColId());
  api.moveColumns([item.colId], all.indexOf(next.colId));
}

interface ColumnsMenuProps<T> {
  apiRef: MutableRefObject<GridApi<T> | null>;
}

/**
 * 'Columns': every column of the grid with a box to show or hide it, where it is pinned, and
 * buttons to move it (headers can also be dragged); 'Reset columns' goes back to the defined
 * layout. The grid remembers the choices per user (use-column-layout.ts).
 */
export function ColumnsMenu<T>({ apiRef }: ColumnsMenuProps<T>) {
  const [items, setItems] = useState<ColumnItem[]>([]);
  const refresh = () => setItems(apiRef.current ? columnsOf(apiRef.current) : []);
  const act = (change: (grid: GridApi<T>) => void) => {
    if (apiRef.current) {
      change(apiRef.current);
      refresh();
    }
  };
  const shown = items.filter((i) => i.visible).length;
  const ready = items.length > 0;

  return (
    <Popover.Root onOpenChange={(open) => (open ? refresh() : undefined)}>
      <Popover.Trigger className="btn btn--secondary btn--small">Columns</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="columns-menu"
          sideOffset={6}
          align="end"
          collisionPadding={8}
          aria-label="Columns"
        >
          {!ready ? <p className="columns-menu__note">The table is still loading.</p> : null}
          <ul className="columns-menu__list">
            {items.map((item, index) => (
              <li key={item.colId} className="columns-menu__item">
                <label className="columns-menu__name">
                  <input
                    type="checkbox"
                    checked={item.visible}
                    // The last shown column stays: a grid with no columns has nothing to click.
                    disabled={item.visible && shown === 1}
                    onChange={(e) => act((grid) => grid.setColumnsVisible([item.colId], e.target.checked))}
                  />
                  {item.name}
                </label>
                <select
                  className="columns-menu__pin"
                  aria-label={`Pin ${item.name}`}
                  value={pinKey(item.pinned)}
                  onChange={(e) =>
                    act((grid) =>
                      grid.setColumnsPinned(
                        [item.colId],
                        e.target.value === 'none' ? null : (e.target.value as Pin),
                      ),
                    )
                  }
                >
                  <option value="none">Not pinned</option>
                  <option value="left">Pin left</option>
                  <option value="right">Pin right</option>
                </select>
                <span className="columns-menu__move">
                  <button
                    type="button"
                    className="btn btn--ghost btn--small"
                    aria-label={`Move ${item.name} up`}
                    title="Earlier in the table (further left)"
                    disabled={!canMove(items, index, -1)}
                    onClick={() => act((grid) => move(grid, items, index, -1))}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="btn btn--ghost btn--small"
                    aria-label={`Move ${item.name} down`}
                    title="Later in the table (further right)"
                    disabled={!canMove(items, index, 1)}
                    onClick={() => act((grid) => move(grid, items, index, 1))}
                  >
                    ↓
                  </button>
                </span>
              </li>
            ))}
          </ul>
          <div className="columns-menu__footer">
            <span className="columns-menu__note">
              Drag a header to move it. Saved for you in this browser.
            </span>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={!ready}
              onClick={() =>
                act((grid) =>
                  (grid.getGridOption('context') as GridLayoutContext | undefined)?.resetColumns(),
                )
              }
            >
              Reset columns
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
