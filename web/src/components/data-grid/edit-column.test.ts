import type { ColDef } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import { actionsColumn, editColumn, phoneColumns } from './edit-column';

interface Row {
  id: number;
  name: string;
}
const name: ColDef<Row> = { colId: 'name', pinned: 'left', width: 300 };
const other = (colId: string): ColDef<Row> => ({ colId, width: 120 });

describe('phoneColumns (a phone)', () => {
  // On a 390 px phone the Proposed Budget's Edit and Delete came last, eight columns past the name.
  it('moves the pinned-right buttons, unpinned, right after the pinned name, and narrows the name', () => {
    const buttons = actionsColumn<Row>(
      [
        { name: 'Edit', onClick: () => undefined },
        { name: 'Delete', onClick: () => undefined },
      ],
      (r) => r.name,
    );
    const shown = phoneColumns([name, other('a'), other('b'), buttons]);
    expect(shown.map((c) => c.colId)).toEqual(['name', 'actions', 'a', 'b']);
    expect(shown[1].pinned).toBeNull();
    expect(shown[0]).toMatchObject({ pinned: 'left', width: 150, context: { autoMaxWidth: 150 } });
  });

  // A read-only year has no buttons: its 300 px description was left pinned as defined.
  it('narrows the pinned name when there are no buttons too', () => {
    const shown = phoneColumns([name, other('a')]);
    expect(shown.map((c) => c.colId)).toEqual(['name', 'a']);
    expect(shown[0]).toMatchObject({ pinned: 'left', width: 150, minWidth: 100 });
  });

  it('gives back the same columns when nothing is pinned', () => {
    const columns = [other('b'), other('a')];
    expect(phoneColumns(columns)).toBe(columns);
    const edit = {
      ...editColumn<Row>(
        () => undefined,
        (r) => r.name,
      ),
      pinned: null,
    };
    const compact = [other('b'), edit, other('a')];
    expect(phoneColumns(compact)).toBe(compact);
  });
});
