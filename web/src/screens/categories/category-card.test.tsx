// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CategoryCard } from '@web/screens/categories/category-card';
import { makeCategory } from '@web/test/render';

describe('CategoryCard', () => {
  it('says its line count is every year’s lines (as Manage Data’s Budget Categories does)', () => {
    render(
      <CategoryCard
        category={makeCategory()}
        deseName={undefined}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
        onSaveYoY={vi.fn()}
        savingYoY={false}
      />,
    );
    expect(screen.getByText('Lines, all years').nextElementSibling?.textContent).toBe('872');
    expect(screen.queryByText('Line items')).toBeNull();
  });
});
