// @vitest-environment happy-dom
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { registerBody } from '@shared/schemas/auth';
import { ApiError } from '@web/api/client';
import { Button } from '@web/components/form/button';
import { Field, FieldGroup } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';

afterEach(cleanup);

const initial = { name: '', email: '', password: '', role: 'FINANCE' };

function useUserForm() {
  return useSchemaForm(registerBody, initial);
}

describe('useSchemaForm', () => {
  it('puts each zod issue on its field and returns null', () => {
    const { result } = renderHook(useUserForm);
    let parsed: unknown;
    act(() => {
      parsed = result.current.validate();
    });
    expect(parsed).toBeNull();
    expect(result.current.errors.name).toBe('Name is required');
    expect(result.current.errors.email).toBe('Email must be a valid email address');
    expect(result.current.errors.password).toBe('Password must be at least 8 characters');
    expect(result.current.formError).toBeNull();
  });

  it('returns the parsed body and clears a field error as the field changes', () => {
    const { result } = renderHook(useUserForm);
    act(() => {
      result.current.validate();
    });
    act(() => result.current.setValue('name', '  Dana '));
    expect(result.current.errors.name).toBeUndefined();
    act(() => result.current.setValue('email', 'Dana@Example.org'));
    act(() => result.current.setValue('password', 'long-enough'));
    let parsed: unknown;
    act(() => {
      parsed = result.current.validate();
    });
    expect(parsed).toEqual({
      name: 'Dana',
      email: 'dana@example.org',
      password: 'long-enough',
      role: 'FINANCE',
    });
  });

  it("maps a server 400's details onto the fields", () => {
    const { result } = renderHook(useUserForm);
    const err = new ApiError(400, 'VALIDATION_FAILED', 'email: Email already in use', [
      { path: 'email', message: 'Email already in use' },
    ]);
    act(() => result.current.applyServerError(err, 'Failed to create user'));
    expect(result.current.errors.email).toBe('Email already in use');
    expect(result.current.formError).toBeNull();
  });

  it('keeps a failure no field owns as the form error', () => {
    const { result } = renderHook(useUserForm);
    act(() =>
      result.current.applyServerError(
        new ApiError(409, 'CONFLICT', 'User already exists'),
        'Failed to create user',
      ),
    );
    expect(result.current.formError).toBe('User already exists');
    expect(result.current.errors).toEqual({});
    act(() => result.current.applyServerError(new Error('offline'), 'Failed to create user'));
    expect(result.current.formError).toBe('Failed to create user');
    act(() =>
      result.current.applyServerError(
        new ApiError(400, 'VALIDATION_FAILED', 'Nothing to update', [
          { path: '', message: 'Nothing to update' },
        ]),
        'Failed to create user',
      ),
    );
    expect(result.current.formError).toBe('Nothing to update');
  });
});

describe('Field', () => {
  it('ties the error to the input and marks it invalid', () => {
    render(<Field id="f-name" label="Name" value="" onChange={() => {}} error="Name is required" required />);
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    const note = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe('Name is required');
  });

  it('shows the hint until an error replaces it, and wires a custom control', () => {
    const { rerender } = render(
      <Field id="f-notes" label="Notes" hint="Optional">
        {(control) => <textarea {...control} />}
      </Field>,
    );
    const box = screen.getByLabelText('Notes');
    expect(box.tagName).toBe('TEXTAREA');
    expect(box.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Optional');
    rerender(
      <Field id="f-notes" label="Notes" hint="Optional" error="Too long">
        {(control) => <textarea {...control} />}
      </Field>,
    );
    expect(screen.queryByText('Optional')).toBeNull();
    expect(screen.getByText('Too long').className).toBe('field__error');
  });

  it("takes a filter bar's free width when told to grow", () => {
    render(<Field id="f-search" label="Search" grow type="search" />);
    const box = screen.getByLabelText('Search');
    expect(box.getAttribute('type')).toBe('search');
    expect(box.closest('div')?.className).toBe('field field--grow');
  });
});

describe('Button', () => {
  it('is a plain button by default and disabled with its busy label while busy', () => {
    const { rerender } = render(<Button variant="primary">Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe('btn btn--primary');
    rerender(
      <Button variant="primary" busy busyLabel="Saving...">
        Save
      </Button>,
    );
    const busy = screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(busy);
  });
});

describe('FieldGroup', () => {
  it('names the group of controls it holds by its label', () => {
    render(
      <FieldGroup id="show" label="Show">
        {(labelledBy) => (
          <div role="group" aria-labelledby={labelledBy}>
            <button type="button">All Records</button>
            <button type="button">Needs Review</button>
          </div>
        )}
      </FieldGroup>,
    );
    const group = screen.getByRole('group', { name: 'Show' });
    expect(group.querySelectorAll('button')).toHaveLength(2);
  });

  it('is the only way a screen labels a group of controls', () => {
    // A hand-written label with an id is one that a group's aria-labelledby points at.
    const root = path.resolve(import.meta.dirname, '../..');
    const files = readdirSync(root, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.tsx') && !f.endsWith(path.join('form', 'field.tsx')));
    const handWritten = files.filter((f) =>
      /className="field__label"\s+id=/.test(readFileSync(path.join(root, f), 'utf8')),
    );
    expect(handWritten).toEqual([]);
  });
});
