// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Select, type SelectOption } from '@web/components/select';
import '@web/test/render';

const OPTIONS: SelectOption[] = [
  { value: 'all', label: 'All buildings' },
  ...['Adams', 'Brook', 'Hillside', 'Lincoln', 'Maple'].map((name, i) => ({
    value: String(i + 1),
    label: `${name} School`,
    group: 'Schools',
  })),
];

function Picker({ start }: { start: string }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <Select id="building" ariaLabel="Building" value={value} onValueChange={setValue} options={OPTIONS} />
      <output>{value}</output>
    </>
  );
}

// A closed select renders only its chosen option until it is focused, pointed at or opened (the
// rest are drawn then): what a person sees and does must not change with it.
describe('Select', () => {
  it('shows the chosen option while closed, and every option once opened', async () => {
    render(<Picker start="4" />);
    const trigger = screen.getByRole('combobox', { name: 'Building' });
    expect(trigger.textContent).toBe('Lincoln School');
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(OPTIONS.map((o) => o.label));
    fireEvent.click(screen.getByRole('option', { name: 'Adams School' }));
    expect(trigger.textContent).toBe('Adams School');
    expect(screen.getByRole('status').textContent).toBe('1');
  });

  it('finds an option by its first letter typed on the closed, focused trigger', async () => {
    render(<Picker start="all" />);
    const trigger = screen.getByRole('combobox', { name: 'Building' });
    act(() => trigger.focus());
    fireEvent.keyDown(trigger, { key: 'H' });
    await screen.findByText('Hillside School');
    expect(screen.getByRole('status').textContent).toBe('3');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
