import { VARIANCE_HIGHLIGHT } from '@shared/budget-math';
import type { ComparisonCell } from '@web/api/budget-comparison';
import { formatFixed, formatMoney } from '@web/lib/format';
import { signedText } from '@shared/signed-words';

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

/** A variance in percent of operating, signed as every change is: '+33.7%', '−5.0%', '0.0%'; '—' without operating. */
export function formatVariancePercent(value: number | null): string {
  return value === null ? '—' : signedText(value, (size) => `${formatFixed(size, 1)}%`);
}

/** A variance in dollars, signed as the percent beside it and Staffing's changes are: '+$84', '−$12,008', '$0'. */
export const varianceDollars = (value: number): string => signedText(value, formatMoney);
