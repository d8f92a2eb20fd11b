import { AllCommunityModule, ModuleRegistry, themeQuartz } from 'ag-grid-community';
import { GRID_HEADER_HEIGHT, GRID_ROW_HEIGHT } from '@web/components/data-grid/grid-size';

// Registered once, when the first grid screen loads (screens are code-split, so the grid's
// ~300 kB never weighs on the login page or the dashboard).
ModuleRegistry.registerModules([AllCommunityModule]);

/**
 * AG Grid's Quartz theme in our design tokens (web/src/styles/tokens.css): the grid follows the
 * app's colours and type through CSS variables, with no AG Grid stylesheet to import.
 */
export const gridTheme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 14,
  headerFontSize: 12,
  headerFontWeight: 600,
  foregroundColor: 'var(--color-text)',
  backgroundColor: 'var(--color-surface)',
  headerBackgroundColor: 'var(--color-surface-muted)',
  headerTextColor: 'var(--color-text-muted)',
  borderColor: 'var(--color-border)',
  accentColor: 'var(--color-accent)',
  rowHoverColor: 'var(--color-bg)',
  selectedRowBackgroundColor: 'var(--color-accent-soft)',
  wrapperBorderRadius: 'var(--radius)',
  rowHeight: GRID_ROW_HEIGHT,
  headerHeight: GRID_HEADER_HEIGHT,
  spacing: 6,
});
