import { VARIANCE_HIGHLIGHT } from '@shared/budget-math';
import type { ComparisonCell } from '@web/api/budget-comparison';

/** How each variance flag reads and looks; MINOR carries no label (thresholds: budget-math). */
export const FLAG_LABELS = {
  ALIGNED: { label: 'Aligned', badge: 'badge--success' },
  MINOR: { label: '', badge: '' },
  HIGHLIGHT: { label: `Over ${VARIANCE_HIGHLIGHT}%`, badge: 'badge--warning' },
  LARGE: { label: 'Large Variance', badge: 'badge--danger' },
  NO_OPERATING: { label: 'No Operating', badge: 'badge--neutral' },
  NO_PROPOSED: { label: 'No Proposed', badge: 'badge--neutral' },
} as const;

/** Rows over VARIANCE_HIGHLIGHT (and large variances) are highlighted. */
export function isHighlighted(cell: ComparisonCell): boolean {
  return cell.flag === 'HIGHLIGHT' || cell.flag === 'LARGE';
}

export function formatVariancePercent(value: number | null): string {
  if (value === null) {
    return '—';
  }
  return `${value > 0 ? '+' : ''}${value.toFixed(1)}%`;
}
