// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './toast';

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

describe('a toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Notifier />
      </ToastProvider>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('goes by itself after a few seconds, so it does not stay over the screen', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(toasts()).toHaveLength(1);
    await wait(6000);
    expect(toasts()).toHaveLength(0);
  });

  it('waits while the pointer rests on it, then goes once the pointer leaves', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const toast = toasts()[0]!.closest('li')!;
    fireEvent.pointerMove(toast);
    fireEvent.pointerEnter(toast);
    await wait(8000);
    expect(toasts()).toHaveLength(1);
    fireEvent.pointerLeave(toast);
    await wait(6000);
    expect(toasts()).toHaveLength(0);
  });

  it('still goes by itself after an earlier one was dismissed under the pointer', async () => {
    // Dismissed with its own button: the pointer was on it and never left (the toast went), which
    // left the next toasts, such as 'Scenario created', over the screen until someone closed them.
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const first = toasts()[0]!.closest('li')!;
    fireEvent.pointerMove(first);
    fireEvent.pointerEnter(first);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    await wait(1000);
    expect(toasts()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(toasts()).toHaveLength(1);
    await wait(6000);
    expect(toasts()).toHaveLength(0);
  });
});
