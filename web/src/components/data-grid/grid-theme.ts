import {
  CellApiModule,
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  DateEditorModule,
  ExternalFilterModule,
  LocaleModule,
  ModuleRegistry,
  NumberEditorModule,
  NumberFilterModule,
  QuickFilterModule,
  RenderApiModule,
  RowApiModule,
  RowAutoHeightModule,
  RowSelectionModule,
  RowStyleModule,
  ScrollApiModule,
  SelectEditorModule,
  TextEditorModule,
  TextFilterModule,
  themeQuartz,
  TooltipModule,
  ValidationModule,
  type Module,
} from 'ag-grid-community';
import { GRID_HEADER_HEIGHT, GRID_ROW_HEIGHT } from '@web/components/data-grid/grid-size';

/**
 * The AG Grid features our grids use, and no others (AllCommunityModule would add infinite and
 * paginated row models, CSV export, row dragging, aligned grids, cell spans...). What needs each:
 * ag-data-grid.tsx (client-side rows, checkbox selection, quick and external filters, locale
 * texts, row classes, tooltips), column-types.ts (text and number column filters, cell classes),
 * export-toolbar.tsx (column, cell and sorted-row APIs), fit-columns.ts and use-column-layout.ts
 * (columns sized to their content; column state saved and restored), employee-columns.ts and the
 * import history (select, number and date-string editors; plain text editing), data quality
 * (wrapped rows of their own height), the Scenario Builder's Tab from slider to slider
 * (ensureIndexVisible: the scroll API; without it each Tab logged #200), the Proposed Budget's
 * Fund cells redrawn when a grant's over-award state arrives (refreshCells: the render API). A feature added to a grid without its module shows AG Grid error
 * #200 in the console; the development build registers the ValidationModule, which names it.
 */
export const GRID_MODULES: Module[] = [
  ClientSideRowModelModule,
  ClientSideRowModelApiModule,
  RowApiModule,
  ColumnApiModule,
  // data-grid/fit-columns.ts: columns sized to their content.
  ColumnAutoSizeModule,
  CellApiModule,
  RowSelectionModule,
  TextFilterModule,
  NumberFilterModule,
  QuickFilterModule,
  ExternalFilterModule,
  TextEditorModule,
  NumberEditorModule,
  SelectEditorModule,
  DateEditorModule,
  TooltipModule,
  CellStyleModule,
  RowStyleModule,
  RowAutoHeightModule,
  LocaleModule,
  // scenario/percent-keys.ts: Tab scrolls the next line into view before its slider takes focus.
  ScrollApiModule,
  // proposed-budget/index.tsx: refreshCells redraws the Fund cells when the over-award state arrives.
  RenderApiModule,
];

// Registered once, when the first grid screen loads (screens are code-split, so the grid never
// weighs on the login page or the dashboard).
ModuleRegistry.registerModules(import.meta.env.DEV ? [...GRID_MODULES, ValidationModule] : GRID_MODULES);

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
