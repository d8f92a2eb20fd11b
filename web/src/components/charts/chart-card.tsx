import * as ToggleGroup from '@radix-ui/react-toggle-group';
import './charts.css';
import { useId, useState, type ReactNode } from 'react';

export type ChartView = 'chart' | 'table';

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
}

/**
 * A dashboard card holding one chart and the same numbers as a table, switched by a Chart/Table
 * toggle. People who cannot see the chart, or want the exact figures, choose Table.
 */
export function ChartCard(props: ChartCardProps) {
  const { title, subtitle, actions, chart, table, empty, isEmpty = false, className, footer } = props;
  const [view, setView] = useState<ChartView>('chart');
  const headingId = useId();
  return (
    <section className={`card chart-card${className ? ` ${className}` : ''}`} aria-labelledby={headingId}>
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
      {isEmpty ? empty : view === 'chart' ? chart : table}
      {footer}
    </section>
  );
}
