// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@web/api/client';
import type { BudgetCategory } from '@web/api/budget-categories';
import { YoYInput } from '@web/screens/categories/yoy-input';
import { describedText } from '@web/test/render';

afterEach(cleanup);

const category = { id: 3, name: 'Supplies', defaultYoYIncrease: 2.5 } as BudgetCategory;

function renderInput(onSave: (value: number) => Promise<unknown>) {
  render(<YoYInput category={category} onDraft={() => {}} onSave={onSave} saving={false} />);
  return screen.getByLabelText('Default YoY increase');
}

const type = (input: HTMLElement, value: string) => {
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

describe('the quick YoY edit of a budget category', () => {
  it("refuses an increase beyond the API's limit under the field, without saving it", () => {
    const onSave = vi.fn(async () => undefined);
    const input = renderInput(onSave);
    type(input, '150');
    expect(onSave).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toBe('Default YoY increase must be at most 100');
    expect((input as HTMLInputElement).value).toBe('150');

    type(input, '3.25');
    expect(onSave).toHaveBeenCalledWith(3.25);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's refusal under the field", async () => {
    const input = renderInput(() =>
      Promise.reject(
        new ApiError(400, 'VALIDATION_FAILED', 'defaultYoYIncrease: Too precise', [
          { path: 'defaultYoYIncrease', message: 'Default YoY increase has too many decimals' },
        ]),
      ),
    );
    type(input, '4');
    await vi.waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(input)).toBe('Default YoY increase has too many decimals');
  });
});
