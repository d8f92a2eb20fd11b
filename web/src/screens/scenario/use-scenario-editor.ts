import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { GridApi } from 'ag-grid-community';
import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import { errorMessage } from '@web/api/client';
import {
  cutScenariosApi,
  refreshScenarioSummaries,
  type Baseline,
  type CutScenario,
  type QuickCutResult,
  type ScenarioLine,
} from '@web/api/cut-scenarios';
import { EditorStore } from './editor-store';
import { WorkingCopy } from './working-copy';

/**
 * How long after a keyboard step the scenario is saved (arrow keys repeat: one save for a run of
 * them). A slider let go or a percent typed is saved at once: the cards settle on the server's
 * figures within 200 ms of release (bench/scenario-slider.ts).
 */
export const SAVE_DELAY_MS = 400;

interface EditorOptions {
  /** The server's lines and summary for the selected scenario (undefined while it loads). */
  baseline: Baseline | undefined;
  /** The scenario chosen on screen (its baseline may still be loading). */
  selectedId: number | null;
  /** The baseline's query key, to keep the cached copy in step with what was saved. */
  queryKey: QueryKey;
  apiRef: MutableRefObject<GridApi<ScenarioLine> | null>;
  /** Lines found below a floor set after they were cut: raised to it and saved. */
  onRaised?(count: number): void;
}

interface SaveControl {
  pending: Promise<void> | null;
  again: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** The cache entry this editor wrote itself (nothing to reload from it). */
  ownData: Baseline | null;
}

/**
 * The Scenario Builder's editing. A slider tick changes one line: its grid row (one row redrawn,
 * never the whole grid) and the running totals, published to the cards through a small store.
 * Letting go saves the scenario's percents (debounced, one save at a time); the cards then settle
 * on the server's summary. Quick cuts go through the server and are mirrored in the grid.
 */
export function useScenarioEditor({ baseline, selectedId, queryKey, apiRef, onRaised }: EditorOptions) {
  const queryClient = useQueryClient();
  const [store] = useState(() => new EditorStore());
  const [copy] = useState(() => new WorkingCopy());
  const [rows, setRows] = useState<ScenarioLine[]>([]);
  const keyRef = useRef(queryKey);
  keyRef.current = queryKey;
  const raisedRef = useRef(onRaised);
  raisedRef.current = onRaised;
  const ctl = useRef<SaveControl>({ pending: null, again: false, timer: undefined, ownData: null });

  const dirty = () => copy.unsaved || ctl.current.pending !== null;
  const showPreview = () => store.set({ summary: copy.preview(), preview: true });

  /** The server's word after a write covering every change up to `seq`. */
  const settle = (scenario: CutScenario, seq: number) => {
    void refreshScenarioSummaries(queryClient, scenario);
    if (!copy.saved(scenario, seq)) {
      return; // newer changes are on screen; their save settles the cards
    }
    store.set({ summary: scenario.summary, preview: false, save: { kind: 'saved' } });
    // The cached baseline becomes what was saved, so reopening the scenario shows it at once.
    const data = copy.snapshot();
    ctl.current.ownData = data;
    queryClient.setQueryData(keyRef.current, data);
  };

  const save = useCallback((): Promise<void> => {
    const c = ctl.current;
    clearTimeout(c.timer);
    if (c.pending) {
      c.again = true;
      return c.pending;
    }
    const id = copy.scenario?.id;
    if (id === undefined) {
      return Promise.resolve();
    }
    const seq = copy.editSeq;
    const body = copy.takeChanges();
    store.set({ save: { kind: 'saving' } });
    const run = async () => {
      try {
        const { scenario } = await cutScenariosApi.changeAdjustments(id, body);
        if (copy.scenario?.id === id) {
          settle(scenario, seq);
        }
      } catch (err) {
        if (copy.scenario?.id === id) {
          // Refused (a floor, a line gone): back to what the server holds.
          copy.discard();
          store.set({ save: { kind: 'error', message: errorMessage(err, 'Failed to save the scenario') } });
          void queryClient.invalidateQueries({ queryKey: keyRef.current });
        }
      } finally {
        c.pending = null;
        if (c.again) {
          c.again = false;
          if (copy.unsaved) {
            void save();
          }
        }
      }
    };
    c.pending = run();
    return c.pending;
    // settle reads only refs and stable objects.
  }, [copy, queryClient, store]);

  /** Saves now and waits until every change so far is on the server (or refused). */
  const flush = useCallback(async () => {
    clearTimeout(ctl.current.timer);
    for (let guard = 0; guard < 5 && (copy.unsaved || ctl.current.pending); guard += 1) {
      await (ctl.current.pending ?? save());
    }
  }, [copy, save]);

  // A change of scenario first saves what the previous one had pending.
  useEffect(() => {
    if (copy.scenario && copy.scenario.id !== selectedId && copy.unsaved && !ctl.current.pending) {
      void save();
    }
  }, [copy, selectedId, save]);

  useEffect(() => {
    if (!baseline || baseline === ctl.current.ownData) {
      return;
    }
    const same = copy.loaded && (copy.scenario?.id ?? null) === (baseline.scenario?.id ?? null);
    if (same && dirty()) {
      return; // the changes on screen win; their save settles everything
    }
    ctl.current.ownData = null;
    const raised = copy.load(baseline);
    // A refetch of the same scenario keeps the save status; another scenario starts afresh.
    store.set({ summary: baseline.summary, preview: false, ...(same ? {} : { save: { kind: 'idle' } }) });
    setRows(copy.lines());
    if (raised) {
      showPreview();
      raisedRef.current?.(raised);
      void save();
    }
    // Only a new baseline reloads; the rest are stable or read through refs.
  }, [baseline]);

  // Leaving with unsaved percents: save them, and ask before the page unloads.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (copy.unsaved || ctl.current.pending) {
        event.preventDefault();
      }
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      if (copy.unsaved) {
        void save();
      }
    };
  }, [copy, save]);

  /** A slider tick or a typed percent: that row and the cards, nothing else. */
  const preview = useCallback(
    (id: number, percent: number) => {
      const next = copy.move(id, percent);
      if (next) {
        apiRef.current?.getRowNode(String(id))?.setData(next);
        store.set({ summary: copy.preview(), preview: true });
      }
    },
    [apiRef, copy, store],
  );

  /** The slider was let go or a value typed (`now`), or a keyboard step taken: save, now or shortly. */
  const commit = useCallback(
    (now = false) => {
      clearTimeout(ctl.current.timer);
      if (!copy.unsaved) {
        return;
      }
      if (now) {
        void save();
      } else {
        ctl.current.timer = setTimeout(() => void save(), SAVE_DELAY_MS);
      }
    },
    [copy, save],
  );

  /** A quick cut through the server (each line held at its floor), mirrored in the grid. */
  const quickCut = useCallback(
    async (lineIds: number[], percent: number): Promise<QuickCutResult> => {
      await flush();
      const id = copy.scenario!.id;
      const result = await cutScenariosApi.quickCut(id, { lineIds, percent });
      if (copy.scenario?.id !== id) {
        return result;
      }
      const clean = !copy.unsaved;
      for (const lineId of lineIds) {
        copy.move(lineId, percent); // held at its floor, as the server did
      }
      setRows(copy.lines());
      if (clean) {
        settle(result.scenario, copy.editSeq);
      } else {
        void save();
      }
      return result;
    },
    // settle reads only refs and stable objects.
    [copy, flush, save],
  );

  /** The lines with the percents on screen now (the grid's rows may be newer than `rows`). */
  const currentLines = useCallback(() => copy.lines(), [copy]);

  return { store, rows, preview, commit, flush, quickCut, currentLines };
}
