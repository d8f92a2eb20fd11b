// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterSelect, SearchField } from '@web/components/line-filters';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SearchField', () => {
  it('is a labelled search box in a growing field that reports its trimmed text once typing stops', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchField id="s" label="Find" placeholder="Name..." onSearch={onSearch} />);
    const box = screen.getByLabelText('Find');
    expect(box.getAttribute('type')).toBe('search');
    expect(box.getAttribute('placeholder')).toBe('Name...');
    expect(box.className).toBe('input');
    expect(box.closest('.field')?.className).toBe('field field--grow');
    fireEvent.change(box, { target: { value: ' Almei' } });
    fireEvent.change(box, { target: { value: ' Almeida ' } });
    act(() => vi.advanceTimersByTime(249));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('Almeida');
  });
});

describe('FilterSelect', () => {
  it('says what an empty list lacks rather than showing a blank box', () => {
    render(
      <FilterSelect
        id="pick"
        label="Scenario"
        value=""
        options={[]}
        onChange={() => undefined}
        disabled
        placeholder="No scenarios yet"
      />,
    );
    const box = screen.getByRole('combobox', { name: 'Scenario' });
    expect(box.textContent).toBe('No scenarios yet');
    expect(box.hasAttribute('disabled')).toBe(true);
  });
});
