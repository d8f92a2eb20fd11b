import type { AnalysisResult, Suggestion } from '@shared/schemas/ai-analysis';
import { formatMoney } from '@web/lib/format';
import { percentOfRequiredText } from '@shared/schemas/nss';
import '@web/components/nss/nss.css';

/**
 * The net school spending constraint the analysis was asked to respect: the year's
 * percent of required NSS and headroom, and how many suggestions would break it.
 */
export function AnalysisNss({ nss }: { nss: NonNullable<AnalysisResult['nss']> }) {
  if (nss.percentOfRequired === null) {
    return <p className="nss-none">Net school spending: {nss.message}.</p>;
  }
  const above = nss.headroomAbove100 ?? 0;
  const text = `Net school spending before any cut: ${percentOfRequiredText({ percentOfRequired: nss.percentOfRequired, overUnder: above })}${above >= 0 ? `, ${formatMoney(above)} of counted spending above 100%` : ''}. ${nss.message}`;
  return nss.flagged ? (
    <div className="nss-alert nss-alert--warning" role="status">
      <strong className="nss-alert__title">Net school spending</strong>
      <span>{text}</span>
    </div>
  ) : (
    <p className="nss-ok">{text}</p>
  );
}

/** One suggestion's effect on net school spending, flagged when it takes the district below 100%. */
export function SuggestionNss({ item }: { item: Suggestion }) {
  if (!item.nss) {
    return null;
  }
  const n = item.nss;
  const after = `${n.percentAfter.toFixed(2)}% of required net school spending`;
  if (n.belowRequired) {
    return (
      <p
        className={`ai-item__nss ${n.below95 ? 'nss-alert nss-alert--danger' : 'nss-alert nss-alert--warning'}`}
      >
        <strong>{n.below95 ? 'Below 95% of required NSS: ' : 'Below 100% of required NSS: '}</strong>
        taken with the suggestions above it, this leaves {after} ({formatMoney(n.countedSavings)} of its
        savings count).
      </p>
    );
  }
  return (
    <p className="ai-muted ai-item__note">
      Net school spending after it: {after} ({formatMoney(n.countedSavings)} of its savings count).
    </p>
  );
}
