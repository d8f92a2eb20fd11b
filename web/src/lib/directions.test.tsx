// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_LABEL, ADMIN_NAV } from '@web/components/shell/nav-items';
import { LEDGER_IMPORT_PLACE } from '@web/lib/directions';
import { TypeChoice } from '@web/screens/admin/import/type-choice';

describe('directions to the ledger import', () => {
  // The screens said 'Admin Panel → CSV Import', a name no menu shows (the Admin menu says Admin Dashboard).
  it('name the menus as they read: the Admin menu, its entry, the tab and the choice', () => {
    const [menu, entry, tab, choice] = LEDGER_IMPORT_PLACE.split(' → ');
    expect(menu).toBe(ADMIN_LABEL);
    expect(ADMIN_NAV.find((item) => item.label === entry)?.to).toBe('/admin');
    expect(tab).toBe('CSV Import');
    render(<TypeChoice value={null} onChange={() => {}} />);
    expect(screen.getByText(choice)).toBeTruthy();
  });
});
