import * as ToggleGroup from '@radix-ui/react-toggle-group';
import './charts.css';
import { useId, useState, type ReactNode } from 'react';
import { Spinner } from '@web/components/spinner';

export type ChartView = 'chart' | 'table';

/**
 * Whether a card's figures have arrived. Until they have, a card built from `data ?? []` would
 * state false facts ('$0 across 0 categories', '0 employees'), so it says it is loading or failed.
 */
export type CardStatus = 'ready' | 'loading' | 'error';

/**
 * A query's card status. Figures on screen count as ready, even while refetching or after a failed
 * refetch: they were true when loaded, and the dashboard's banner says when some could not load.
 */
export function cardStatus(query: { data: unknown; isError: boolean }): CardStatus {
  return query.data !== undefined ? 'ready' : query.isError ? 'error' : 'loading';
}

/** What a card shows in place of its figures while they are loading or could not be loaded. */
export function CardPlaceholder({ status, what }: { status: CardStatus; what: string }) {
  if (status === 'ready') {
    return null;
  }
  return status === 'loading' ? (
    <Spinner label={`Loading ${what}...`} />
  ) : (
    <p className="field__error">{what} could not be loaded.</p>
  );
}

interface ChartCardProps {
  title: string;
  /** A line under the title: totals, what is counted. */
  subtitle?: ReactNode;
  /** Extra controls in the header (links, filters). */
  actions?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
  /** Shown instead of chart and table when there is nothing to draw. */
  empty?: ReactNode;
  isEmpty?: boolean;
  className?: string;
  /** Anything below the chart or table in both views (legends, toggles, notes). */
  footer?: ReactNode;
  /**
   * Not 'ready': only the title and a spinner or error line show; the subtitle, actions, chart,
   * empty sentence and footer would be worked out from figures that are not there yet.
   */
  status?: CardStatus;
}

/**
 * A dashboard card holding one chart and the same numbers as a table, switched by a Chart/Table
 * toggle. People who cannot see the chart, or want the exact figures, choose Table.
 */
export function ChartCard(props: ChartCardProps) {
  const { title, chart, table, empty, className, status = 'ready' } = props;
  const ready = status === 'ready';
  const { subtitle, actions, footer } = ready ? props : {};
  const isEmpty = !ready || (props.isEmpty ?? false);
  const [view, setView] = useState<ChartView>('chart');
  const headingId = useId();
  return (
    <section
      className={`card chart-card${className ? ` ${className}` : ''}`}
      aria-labelledby={headingId}
      aria-busy={status === 'loading' || undefined}
    >
      <div className="chart-card__header">
        <div className="chart-card__titles">
          <h2 id={headingId} className="chart-card__title">
            {title}
          </h2>
          {subtitle ? <p className="chart-card__subtitle">{subtitle}</p> : null}
        </div>
        <div className="chart-card__tools">
          {actions}
          {isEmpty ? null : (
            <ToggleGroup.Root
              type="single"
              className="segmented"
              value={view}
              aria-label={`Show ${title} as`}
              onValueChange={(value) => {
                if (value) {
                  setView(value as ChartView);
                }
              }}
            >
              <ToggleGroup.Item value="chart" className="segmented__item">
                Chart
              </ToggleGroup.Item>
              <ToggleGroup.Item value="table" className="segmented__item">
                Table
              </ToggleGroup.Item>
            </ToggleGroup.Root>
          )}
        </div>
      </div>
      {!ready ? (
        <CardPlaceholder status={status} what={title} />
      ) : isEmpty ? (
        empty
      ) : view === 'chart' ? (
        chart
      ) : (
        table
      )}
      {footer}
    </section>
  );
}
