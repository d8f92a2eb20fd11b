// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BudgetCategory } from '@web/api/budget-categories';
import { CategoryCard } from '@web/screens/categories/category-card';
import { describedText, makeCategory } from '@web/test/render';

afterEach(cleanup);

function renderCard(category: BudgetCategory, onDelete = vi.fn()) {
  render(
    <CategoryCard
      category={category}
      deseName={undefined}
      onEdit={vi.fn()}
      onDelete={onDelete}
      onSaveYoY={vi.fn(async () => undefined)}
      savingYoY={false}
    />,
  );
}

describe('CategoryCard', () => {
  it('says its line count is every year’s lines (as Manage Data’s Budget Categories does)', () => {
    renderCard(makeCategory());
    expect(screen.getByText('Lines, all years').nextElementSibling?.textContent).toBe('872');
    expect(screen.queryByText('Line items')).toBeNull();
  });

  // QA (ADMIN): every card offered Delete; Transportation's answered 409 in a banner off-screen.
  it('disables Delete of a category with lines, saying why in Manage Data’s words', () => {
    const onDelete = vi.fn();
    renderCard(makeCategory({ name: 'Transportation', lineItemCount: 9 }), onDelete);
    const del = screen.getByRole('button', { name: 'Delete Transportation' });
    expect((del as HTMLButtonElement).disabled).toBe(true);
    expect(describedText(del)).toBe('In use by 9 lines; move them first');
    expect(del.getAttribute('title')).toBe('In use by 9 lines; move them first');
  });

  it('offers Delete of a category without lines', () => {
    const onDelete = vi.fn();
    renderCard(makeCategory({ name: 'Spare', lineItemCount: 0 }), onDelete);
    const del = screen.getByRole('button', { name: 'Delete Spare' });
    expect((del as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(del);
    expect(onDelete).toHaveBeenCalled();
  });

  // QA: 150 was refused under the field while the forecast computed at 150% ($9,765,625).
  it('keeps the forecast at the last valid increase while the field is refused', () => {
    renderCard(makeCategory({ defaultYoYIncrease: 2 }));
    const input = screen.getByLabelText('Default YoY increase');
    for (const typed of ['1', '15', '150']) {
      fireEvent.change(input, { target: { value: typed } });
    }
    expect(screen.getByText(/5-year forecast/).textContent).toContain('at 15% a year');
    expect(screen.queryByText('$9,765,625')).toBeNull();
    expect(screen.getByText('$201,136')).toBeTruthy();
  });
});
