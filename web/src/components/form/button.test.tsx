// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from '@web/components/form/button';
import '@web/test/render';

const NAME = 'Save vacancy placement for Teachers';

describe('Button', () => {
  it('keeps the text it shows in its name while busy (Label in Name)', () => {
    const view = render(
      <Button aria-label={NAME} busyLabel="Saving...">
        Save
      </Button>,
    );
    expect(screen.getByRole('button', { name: NAME }).textContent).toBe('Save');
    view.rerender(
      <Button aria-label={NAME} busyLabel="Saving..." busy>
        Save
      </Button>,
    );
    const busy = screen.getByRole('button', { name: `Saving... ${NAME}` });
    expect(busy.textContent).toBe('Saving...');
    expect(busy).toHaveProperty('disabled', true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
  });

  it('is named by its text alone when it has no label of its own', () => {
    render(
      <Button busyLabel="Saving..." busy>
        Save
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeTruthy();
  });
});
