import { useSyncExternalStore } from 'react';
import type { ScenarioSummary } from '@web/api/cut-scenarios';

export type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

/** What the cards and the save status show; changes per slider tick without re-rendering the grid. */
export interface EditorSnapshot {
  summary: ScenarioSummary | null;
  /** True while the figures are the browser's preview, not yet the server's. */
  preview: boolean;
  save: SaveState;
}

/** A tiny external store: the screen's cards subscribe to it, the grid and the screen do not. */
export class EditorStore {
  private value: EditorSnapshot = { summary: null, preview: false, save: { kind: 'idle' } };
  private readonly listeners = new Set<() => void>();

  get = (): EditorSnapshot => this.value;

  set(patch: Partial<EditorSnapshot>): void {
    this.value = { ...this.value, ...patch };
    for (const listener of this.listeners) {
      listener();
    }
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export function useEditorSnapshot(store: EditorStore): EditorSnapshot {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
