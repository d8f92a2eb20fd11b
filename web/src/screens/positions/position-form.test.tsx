// @vitest-environment happy-dom
import { fireEvent, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describedText, jsonResponse } from '@web/test/render';
import { renderPositionForm } from '@web/test/position-form';

/** A new position's form; any write it sends is recorded (and answered 500: none should go). */
function renderNewForm() {
  const sent: unknown[] = [];
  const form = renderPositionForm({
    position: null,
    other: (method, url) => {
      sent.push({ method, url });
      return jsonResponse(500, { message: 'not expected' });
    },
  });
  return { form, sent };
}

describe('adding a position with the form empty', () => {
  it('says in plain words that the title and the budget category are required, and sends nothing', () => {
    const { form, sent } = renderNewForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Add Position' }));
    expect(describedText(within(form).getByLabelText(/^Title/))).toBe('Title is required');
    expect(describedText(within(form).getByRole('combobox', { name: /^Budget category/ }))).toBe(
      'Budget category is required',
    );
    expect(form.textContent).not.toMatch(/Invalid input|expected number/);
    expect(sent).toEqual([]);
  });
});
