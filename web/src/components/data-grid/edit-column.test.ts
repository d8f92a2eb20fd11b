import type { ColDef } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import { actionsBesideName, actionsColumn, editColumn } from './edit-column';

interface Row {
  id: number;
  name: string;
}
const name: ColDef<Row> = { colId: 'name', pinned: 'left', width: 300 };
const other = (colId: string): ColDef<Row> => ({ colId, width: 120 });

describe('actionsBesideName (a phone)', () => {
  // On a 390 px phone the Proposed Budget's Edit and Delete came last, eight columns past the name.
  it('moves the pinned-right buttons, unpinned, right after the pinned name, and narrows the name', () => {
    const buttons = actionsColumn<Row>(
      [
        { name: 'Edit', onClick: () => undefined },
        { name: 'Delete', onClick: () => undefined },
      ],
      (r) => r.name,
    );
    const shown = actionsBesideName([name, other('a'), other('b'), buttons]);
    expect(shown.map((c) => c.colId)).toEqual(['name', 'actions', 'a', 'b']);
    expect(shown[1].pinned).toBeNull();
    expect(shown[0]).toMatchObject({ pinned: 'left', width: 150, context: { autoMaxWidth: 150 } });
  });

  it('gives back the same columns when no buttons are pinned right', () => {
    const columns = [name, other('a')];
    expect(actionsBesideName(columns)).toBe(columns);
    const edit = {
      ...editColumn<Row>(
        () => undefined,
        (r) => r.name,
      ),
      pinned: null,
    };
    const compact = [name, edit, other('a')];
    expect(actionsBesideName(compact)).toBe(compact);
  });
});
