import { lazy, Suspense } from 'react';
import type { PlotParams } from 'react-plotly.js/factory';
import { CHART_FONT, CHART_TEXT } from './palette';

// Plotly (about 370 kB gzipped even as a partial bundle) loads only when a chart first renders.
const Plot = lazy(async () => ({ default: (await import('./plotly')).Plot }));

interface LazyPlotProps {
  data: unknown[];
  layout: Record<string, unknown>;
  height: number;
  /** What the chart shows, read out by screen readers (the Table view has the numbers). */
  label: string;
}

/** A Plotly chart loaded on demand, sized to its container, with no toolbar. */
export function LazyPlot({ data, layout, height, label }: LazyPlotProps) {
  const fullLayout: PlotParams['layout'] = {
    autosize: true,
    height,
    margin: { l: 8, r: 8, t: 8, b: 8 },
    paper_bgcolor: 'rgba(0,0,0,0)',
    plot_bgcolor: 'rgba(0,0,0,0)',
    font: { family: CHART_FONT, color: CHART_TEXT, size: 12 },
    hoverlabel: { font: { family: CHART_FONT } },
    ...layout,
  };
  return (
    <div className="chart-plot" role="img" aria-label={label} style={{ minHeight: height }}>
      <Suspense fallback={<div className="chart-plot__loading">Loading chart...</div>}>
        <Plot
          data={data}
          layout={fullLayout}
          config={{ displayModeBar: false, responsive: true }}
          useResizeHandler
          style={{ width: '100%', height }}
        />
      </Suspense>
    </div>
  );
}
