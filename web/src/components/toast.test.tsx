// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { POINTER_REST_MS, TOAST_MS, ToastProvider, useToast } from './toast';

function Notifier() {
  const notify = useToast();
  return (
    <button type="button" onClick={() => notify({ title: 'Scenario created', description: 'Plan B' })}>
      Create
    </button>
  );
}

const toasts = () => screen.queryAllByText('Scenario created');
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const create = () => act(() => fireEvent.click(screen.getByRole('button', { name: 'Create' })));
/** Radix's wrapper around the list: its pointer and focus listeners sit there. */
const region = () => screen.getByRole('region', { name: /Notifications/ });
/** The pointer moving over a toast: Radix's shared pause for every toast. */
const pointTo = (index: number) => fireEvent.pointerMove(toasts()[index]!.closest('li')!);

// The clock is put back after each test (web/src/test/each-file.ts).
describe('a toast', () => {
  beforeEach(async () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Notifier />
      </ToastProvider>,
    );
    await wait(0);
  });

  it('goes by itself after a few seconds, so it does not stay over the screen', async () => {
    await create();
    expect(toasts()).toHaveLength(1);
    await wait(TOAST_MS + 100);
    expect(toasts()).toHaveLength(0);
  });

  it('waits while the pointer is over it, then goes once the pointer leaves', async () => {
    await create();
    pointTo(0);
    await wait(POINTER_REST_MS - 1000);
    expect(toasts()).toHaveLength(1);
    fireEvent.pointerLeave(region());
    await wait(TOAST_MS + 100);
    expect(toasts()).toHaveLength(0);
  });

  it('still goes by itself after an earlier one was dismissed under the pointer', async () => {
    // The pointer was on the first toast and never left (the toast went from under it), which left
    // the next ones, such as 'Scenario created' over the grid, on the screen until closed by hand.
    await create();
    pointTo(0);
    const dismiss = screen.getByRole('button', { name: 'Dismiss notification' });
    // Chromium focuses a button it clicks: focus in the toast pauses too, and Radix then parks it
    // on the list when the toast closes.
    act(() => dismiss.focus());
    await act(() => fireEvent.click(dismiss));
    expect(toasts()).toHaveLength(0);

    await create();
    expect(toasts()).toHaveLength(1);
    await wait(TOAST_MS + 100);
    expect(toasts()).toHaveLength(0);
  });

  it('lets the others go when the one under the pointer is dismissed', async () => {
    await create();
    await create();
    pointTo(1);
    await wait(TOAST_MS + 100);
    expect(toasts()).toHaveLength(2);
    await act(() => fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[1]!));
    expect(toasts()).toHaveLength(1);
    await wait(TOAST_MS + 100);
    expect(toasts()).toHaveLength(0);
  });

  it('does not wait for good on a pointer that rests where it was', async () => {
    await create();
    pointTo(0);
    await wait(POINTER_REST_MS + TOAST_MS + 100);
    expect(toasts()).toHaveLength(0);
    // Pausing works again afterwards.
    await create();
    pointTo(0);
    await wait(TOAST_MS + 100);
    expect(toasts()).toHaveLength(1);
  });

  it('waits while focus is in it, however long the pointer has rested', async () => {
    await create();
    pointTo(0);
    act(() => toasts()[0]!.closest('li')!.focus());
    await wait(POINTER_REST_MS + TOAST_MS + 100);
    expect(toasts()).toHaveLength(1);
  });
});
