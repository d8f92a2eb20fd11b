import type { Baseline, CutScenario, ScenarioLine, ScenarioSummary } from '@web/api/cut-scenarios';
import { adjustmentsOf, clampPercent, lineFigures, PreviewTotals } from './scenario-math';

/**
 * The percents of the scenario on screen, line by line, with running totals in cents. Every change
 * bumps `editSeq`; a save that covered every change up to a sequence number moves `savedSeq` there,
 * so 'unsaved' is simply the two differing. No React here: the editor hook drives it.
 */
export class WorkingCopy {
  scenario: CutScenario | null = null;
  /** The server's summary the preview starts from (its goal and line count). */
  base: ScenarioSummary | null = null;
  editSeq = 0;
  savedSeq = 0;
  private totals: PreviewTotals | null = null;
  private rowById = new Map<number, ScenarioLine>();
  private order: number[] = [];
  /** Lines moved since the last save was sent: line id -> percent on screen. */
  private changed = new Map<number, number>();

  get loaded(): boolean {
    return this.totals !== null;
  }

  get unsaved(): boolean {
    return this.editSeq !== this.savedSeq;
  }

  /**
   * Takes the server's lines. A line below its floor (a floor set after it was cut) is raised to it;
   * the count of those comes back, and they are unsaved.
   */
  load(data: Baseline): number {
    this.scenario = data.scenario;
    this.base = data.summary;
    this.rowById = new Map(data.lines.map((l) => [l.id, l]));
    this.order = data.lines.map((l) => l.id);
    this.totals = new PreviewTotals(data.lines);
    this.editSeq = 0;
    this.savedSeq = 0;
    this.changed.clear();
    const below = data.scenario ? data.lines.filter((l) => l.percentKept < l.floorPercent) : [];
    for (const line of below) {
      this.move(line.id, line.floorPercent);
    }
    return below.length;
  }

  /** Moves one line (held within its floor and 100); the new row, or null when nothing changed. */
  move(id: number, percent: number): ScenarioLine | null {
    const row = this.rowById.get(id);
    if (!row || !this.totals || !this.scenario) {
      return null; // without a scenario there is nothing to change
    }
    const p = clampPercent(percent, row.floorPercent);
    if (this.totals.percentOf(id) === p) {
      return null;
    }
    this.totals.set(id, p);
    const next = { ...row, percentKept: p, ...lineFigures(row.fy26ProposedV3, p) };
    this.rowById.set(id, next);
    this.changed.set(id, p);
    this.editSeq += 1;
    return next;
  }

  /** The lines, in the server's order, with the percents on screen. */
  lines(): ScenarioLine[] {
    return this.order.map((id) => this.rowById.get(id)!);
  }

  ids(): readonly number[] {
    return this.order;
  }

  /** Every line under 100: what the scenario holds once saved. */
  adjustments(): Record<string, number> {
    return this.totals ? adjustmentsOf(this.totals.all()) : {};
  }

  /**
   * What a save sends: the lines moved since the last save was sent (100 uncuts one), and from now
   * on they count as sent. A refused save discards everything and the server's lines are reloaded.
   */
  takeChanges(): Record<string, number> {
    const out = Object.fromEntries([...this.changed].map(([id, p]) => [String(id), p]));
    this.changed.clear();
    return out;
  }

  /** The summary the percents on screen give (the browser's preview). */
  preview(): ScenarioSummary | null {
    return this.totals && this.base ? this.totals.summary(this.base) : null;
  }

  /**
   * The server stored every change up to `seq` and answered with the scenario: true when nothing
   * newer is on screen, so its summary is the one to show.
   */
  saved(scenario: CutScenario, seq: number): boolean {
    this.savedSeq = Math.max(this.savedSeq, seq);
    if (this.editSeq !== seq) {
      return false;
    }
    this.scenario = scenario;
    this.base = scenario.summary;
    return true;
  }

  /** A save was refused: the changes are dropped (the server's lines are fetched again). */
  discard(): void {
    this.savedSeq = this.editSeq;
    this.changed.clear();
  }

  /** The baseline as the server now holds it (after a save that settled). */
  snapshot(): Baseline | null {
    return this.scenario && this.base
      ? { lines: this.lines(), summary: this.base, scenario: this.scenario }
      : null;
  }
}
