import type { ICellRendererParams } from 'ag-grid-community';
import { useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { ScenarioLine } from '@web/api/cut-scenarios';
import { lineLabel, parsePercent } from './scenario-math';

export interface PercentCellCallbacks {
  /** False without a scenario (or the right to change it): the controls show but are disabled. */
  editable: boolean;
  /** A new percent for the line: previewed at once. */
  onPreview(id: number, percent: number): void;
  /** The slider was let go or a percent typed (`now`: save at once), or a keyboard step (shortly). */
  onCommit(now?: boolean): void;
  /** A typed percent that cannot be used, with the reason. */
  onInvalid(message: string): void;
  /**
   * Set when the year's salary lines follow positions: personnel lines are then cut by position
   * (the server refuses their percents), so their controls are read-only and say so.
   */
  personnelNote?: string | null;
}

type PercentCellProps = ICellRendererParams<ScenarioLine> & PercentCellCallbacks;

const PERCENT_MESSAGE = 'Enter a percent from 0 to 100 with at most 2 decimals';

/**
 * The percent kept: a 0-100 slider (drag it, or ArrowLeft/Right, PageUp/Down, Home/End; Tab reaches
 * it line by line, Enter moves to the typed percent, Escape back to the grid) and the same figure as
 * typed text. A floor greys the track from 0 to it and the slider starts there, so
 * it cannot go below; the track keeps the full 0-100 scale, so 50% always sits in the middle.
 */
export function PercentCell(props: PercentCellProps) {
  const { data, editable, onPreview, onCommit, onInvalid, personnelNote } = props;
  const dragging = useRef(false);
  const [text, setText] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);

  if (!data) {
    return null;
  }
  const line = data;
  const label = lineLabel(line);
  const floor = line.floorPercent;
  const percent = line.percentKept;
  const byPosition = line.isPersonnel && Boolean(personnelNote);
  const locked = !editable || floor >= 100 || byPosition;
  const sliderStyle: CSSProperties = floor > 0 ? { marginLeft: `${floor}%`, width: `${100 - floor}%` } : {};

  const release = () => {
    if (dragging.current) {
      dragging.current = false;
      onCommit(true);
    }
  };

  const applyText = () => {
    if (text === null) {
      return;
    }
    const value = parsePercent(text);
    if (value === null) {
      setInvalid(true);
      onInvalid(`${label}: ${PERCENT_MESSAGE}`);
      return;
    }
    if (value < floor) {
      setInvalid(true);
      onInvalid(`${label} cannot keep less than its floor of ${floor}% (asked ${value}%)`);
      return;
    }
    setText(null);
    setInvalid(false);
    onPreview(line.id, value);
    onCommit(true);
  };

  const onTextKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      applyText();
    } else if (event.key === 'Escape') {
      setText(null);
      setInvalid(false);
    }
  };

  return (
    <div className="pct-cell" title={byPosition ? personnelNote! : undefined}>
      <div className="pct-track">
        <div className={`pct-slider${floor > 0 ? ' pct-slider--floor' : ''}`}>
          {floor > 0 ? (
            <span className="pct-slider__floor" style={{ width: `${floor}%` }} aria-hidden="true" />
          ) : null}
          <input
            type="range"
            className="pct-slider__input"
            min={floor}
            max={100}
            // Whole percents while they are whole (a typed 62.5 shows as it is, not snapped to 63).
            step={Number.isInteger(floor) && Number.isInteger(percent) ? 1 : 'any'}
            value={percent}
            style={sliderStyle}
            disabled={locked}
            aria-label={`Percent kept: ${label}`}
            aria-valuetext={`${percent}% kept${floor > 0 ? `, floor ${floor}%` : ''}${byPosition ? `. ${personnelNote}` : ''}`}
            onPointerDown={() => {
              dragging.current = true;
            }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
                // The grid moves to the next line; the value stays (a range input would step it).
                e.preventDefault();
              } else if (e.key === 'Enter') {
                e.preventDefault();
                e.currentTarget.closest('.pct-cell')?.querySelector<HTMLInputElement>('.pct-input')?.focus();
              } else if (e.key === 'Escape' && props.node.rowIndex !== null) {
                // Back to the grid: the cell itself takes focus, and the arrows move between cells.
                props.api.setFocusedCell(props.node.rowIndex, props.column!);
              }
            }}
            onPointerUp={release}
            onPointerCancel={release}
            onBlur={release}
            onChange={(e) => {
              const value = Number(e.target.value);
              // A drag lands on whole percents (the floor itself stays reachable).
              onPreview(line.id, dragging.current ? Math.max(floor, Math.round(value)) : value);
              if (!dragging.current) {
                onCommit(); // keyboard and assistive technology: each step is a release
              }
            }}
          />
        </div>
        {floor > 0 ? <span className="pct-cell__floor">Floor {floor}%</span> : null}
      </div>
      <input
        type="text"
        inputMode="decimal"
        className="input pct-input"
        value={text ?? String(percent)}
        disabled={locked}
        aria-label={`Percent kept (type a value): ${label}`}
        aria-invalid={invalid || undefined}
        onFocus={(e) => e.target.select()}
        onChange={(e) => {
          setText(e.target.value);
          setInvalid(false);
        }}
        onKeyDown={onTextKey}
        onBlur={applyText}
      />
      <span className="pct-cell__unit" aria-hidden="true">
        %
      </span>
    </div>
  );
}

/**
 * The grid's keyboard handling around the cell (percent-keys.ts has the whole model). Enter (or F2)
 * on the focused cell moves into its slider. In the slider, Left/Right (PageUp/Down, Home/End) are
 * its own; Up/Down and Tab are the grid's, which moves to the line above or below (or the next
 * line, for Tab) and into its slider; Enter moves to the typed percent; Escape hands the key to the
 * cell (PercentCell's onKeyDown). In the typed percent every key but Tab is the input's.
 */
export function keysStayInCell(params: { event: globalThis.KeyboardEvent }): boolean {
  const { event } = params;
  const { target, key } = event;
  if (!(target instanceof HTMLElement)) {
    return false;
  }
  if (!(target instanceof HTMLInputElement)) {
    if ((key !== 'Enter' && key !== 'F2') || event.type !== 'keydown') {
      return false;
    }
    event.preventDefault();
    // The cell may be redrawing (the grid scrolled it into view): try again on the next frames.
    const focusOwnSlider = (tries: number) => {
      const slider = target.querySelector<HTMLInputElement>('.pct-slider__input');
      if (slider) {
        slider.focus();
      } else if (tries > 0) {
        requestAnimationFrame(() => focusOwnSlider(tries - 1));
      }
    };
    focusOwnSlider(10);
    return true;
  }
  if (target.closest('.pct-cell') === null) {
    return false;
  }
  if (target.type === 'range') {
    // The grid moves between lines; the slider keeps its own keys.
    return !['Tab', 'ArrowUp', 'ArrowDown', 'Escape'].includes(key);
  }
  return key !== 'Tab';
}
