import { useRef } from 'react';

/**
 * What is remembered of the control that opened a dialog, so focus can find it again on close even
 * when the screen re-rendered it meanwhile (a grid redraws a saved row's cells; a year's row swaps
 * 'Set as Active' for a badge).
 */
interface Opener {
  element: HTMLElement;
  id: string;
  name: string;
  /** An AG Grid cell's row and column, to find the redrawn cell of the same row. */
  rowId: string | null;
  colId: string | null;
  /** The opener's ancestors, nearest first: the closest one still on the page keeps focus nearby. */
  ancestors: HTMLElement[];
}

const TABBABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function remember(active: Element | null): Opener | null {
  if (!(active instanceof HTMLElement) || active === document.body) {
    return null;
  }
  const ancestors: HTMLElement[] = [];
  for (let up = active.parentElement; up && up !== document.body; up = up.parentElement) {
    ancestors.push(up);
  }
  return {
    element: active,
    id: active.id,
    name: active.getAttribute('aria-label') ?? active.textContent?.trim() ?? '',
    rowId: active.closest('[row-id]')?.getAttribute('row-id') ?? null,
    colId: active.closest('[col-id]')?.getAttribute('col-id') ?? null,
    ancestors,
  };
}

/** The opener itself, or what stands in its place now (same id, same grid cell, same name). */
function find(opener: Opener): HTMLElement | null {
  const candidates: (HTMLElement | null | undefined)[] = [opener.element];
  if (opener.id) {
    candidates.push(document.getElementById(opener.id));
  }
  if (opener.rowId !== null && opener.colId !== null) {
    const cell = document.querySelector<HTMLElement>(
      `.ag-row[row-id="${CSS.escape(opener.rowId)}"] .ag-cell[col-id="${CSS.escape(opener.colId)}"]`,
    );
    candidates.push(
      [...(cell?.querySelectorAll<HTMLElement>('button') ?? [])].find((b) => named(b, opener.name)),
      cell,
    );
  }
  const main = document.querySelector('main') ?? document.body;
  const twins = [...main.querySelectorAll<HTMLElement>(opener.element.tagName)].filter((el) =>
    named(el, opener.name),
  );
  if (opener.name && twins.length === 1) {
    candidates.push(twins[0]);
  }
  // Gone or disabled (Set as Active, once it is): the first control of its nearest remaining box.
  for (const box of opener.ancestors) {
    if (box.isConnected) {
      candidates.push(box.querySelector<HTMLElement>(TABBABLE));
    }
  }
  return candidates.find((el): el is HTMLElement => !!el && focusable(el)) ?? null;
}

function focusable(el: HTMLElement): boolean {
  // checkVisibility is recent (Chromium 105, Safari 17.4): without it, a connected box counts.
  const visible =
    typeof el.checkVisibility === 'function' ? el.checkVisibility() : el.getClientRects().length > 0;
  return el.isConnected && !el.matches(':disabled') && visible;
}

function named(el: HTMLElement, name: string): boolean {
  return (el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '') === name;
}

/**
 * Returns focus to the control that opened a dialog when it closes, by Escape, Cancel or saving
 * (WAI-ARIA dialog pattern). Our dialogs open from screen state, not from a Radix
 * Trigger, so Radix had no trigger to go back to and focus fell to the top of the page. Spread the
 * result on Dialog.Content or AlertDialog.Content.
 */
export function useReturnFocus() {
  const opener = useRef<Opener | null>(null);
  return {
    // Radix calls this before it moves focus into the dialog: the opener still has focus.
    onOpenAutoFocus: () => {
      opener.current = remember(document.activeElement);
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      const remembered = opener.current;
      opener.current = null;
      if (!remembered) {
        return;
      }
      const target = find(remembered);
      target?.focus();
      // Saving refetches: if the screen then redraws the opener (a grid row), follow it once more.
      window.setTimeout(() => {
        if (document.activeElement === document.body || !document.activeElement) {
          find(remembered)?.focus();
        }
      }, 500);
    },
  };
}
