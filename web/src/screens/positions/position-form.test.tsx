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

describe('a district with no personnel budget category', () => {
  it('says so in the form, and where one is made, instead of offering a category the save refuses', async () => {
    const form = renderPositionForm({
      position: null,
      lists: { '/api/categories': { categories: [{ id: 6, name: 'Transportation', isPersonnel: false }] } },
      other: () => jsonResponse(500, { message: 'not expected' }),
    });
    const note = await within(form).findByRole('status');
    expect(note.textContent).toContain('No personnel category yet');
    // A FINANCE user cannot open Categories: told who makes one, and where.
    expect(note.textContent).toContain(
      'An administrator adds one, or marks one Personnel, under Admin, Categories',
    );
    const picker = within(form).getByRole('combobox', { name: /^Budget category/ });
    expect(picker.textContent).toBe('No personnel category yet');
    // The picker is described by the note, so a screen reader hears why it is empty.
    const described = (picker.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(described).toContain('none is marked Personnel yet');
  });
});

describe("the form's Save and Cancel footer", () => {
  // On a 390x844 phone QA found Save and Cancel below the fold: the dialog pins a form's footer
  // (position: sticky, styles/overlays.css), but sticky holds only within the footer's parent, and
  // a wrapper as tall as the footer itself gave it no room to stay in view.
  it("is the form's own child, so the dialog keeps it in view while the fields scroll", () => {
    const { form } = renderNewForm();
    const save = within(form).getByRole('button', { name: 'Add Position' });
    const footer = save.closest('.form-actions');
    expect(footer?.parentElement).toBe(form);
  });
});
