/**
 * Colours for charts. Plotly draws on a canvas-like SVG and cannot read CSS variables, so these
 * mirror web/src/styles/tokens.css; series colours are distinguishable for common colour blindness.
 */
export const CHART_TEXT = '#0f172a';
export const CHART_MUTED = '#475569';
export const CHART_GRID = '#e2e8f0';
export const CHART_FONT =
  "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif";

export const COLOR_BUDGET = '#1d4ed8';
export const COLOR_GOAL = '#15803d';
export const COLOR_OVER = '#b91c1c';
export const COLOR_DISTRICT_WIDE = '#6b7280';

/** Series colours, in order (Okabe-Ito inspired, darkened for contrast on white). */
export const SERIES = [
  '#1d4ed8',
  '#d97706',
  '#059669',
  '#be185d',
  '#7c3aed',
  '#0891b2',
  '#b45309',
  '#4d7c0f',
  '#9f1239',
  '#475569',
  '#0f766e',
];

export const seriesColor = (i: number) => SERIES[i % SERIES.length];
