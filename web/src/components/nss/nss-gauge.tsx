import type { NssMeter } from '@web/api/nss';
import { formatMoneyCents } from '@web/lib/format';
import { headroomLabel, percentOfRequiredText } from '@shared/schemas/nss';
import './nss.css';

/** The scale the bar spans, in percent of required NSS; 95% and 100% are marked on it. */
const LOW = 85;
const HIGH = 115;
const at = (percent: number) => `${((Math.min(Math.max(percent, LOW), HIGH) - LOW) / (HIGH - LOW)) * 100}%`;

export const STATUS_WORDS: Record<NssMeter['status'], string> = {
  NO_FIGURES: 'No state figures',
  NO_LINES: 'No budget lines yet',
  MEETS: 'Meets the requirement',
  CARRY_FORWARD: 'Below 100%: shortfall carries forward',
  BELOW_95: 'Below 95%: state aid at risk',
};

/**
 * Budgeted net school spending as a percent of the requirement: a bar from 85% to 115% with the
 * 95% and 100% lines marked, exposed as a meter (its exact percent read out in words).
 */
export function NssGauge({ meter, label }: { meter: NssMeter; label: string }) {
  const pct = meter.columns?.percentOfRequired ?? null;
  if (pct === null) {
    return null;
  }
  const text = percentOfRequiredText(meter.columns!, 'required net school spending');
  return (
    <div className="nss-gauge">
      <div
        className={`nss-gauge__track nss-gauge__track--${meter.status.toLowerCase()}`}
        role="meter"
        aria-label={label}
        aria-valuemin={LOW}
        aria-valuemax={HIGH}
        aria-valuenow={Math.min(Math.max(pct, LOW), HIGH)}
        aria-valuetext={text}
      >
        <span className="nss-gauge__fill" style={{ width: at(pct) }} />
        <span className="nss-gauge__mark nss-gauge__mark--95" style={{ left: at(95) }} aria-hidden="true" />
        <span className="nss-gauge__mark nss-gauge__mark--100" style={{ left: at(100) }} aria-hidden="true" />
      </div>
      <div className="nss-gauge__scale" aria-hidden="true">
        <span style={{ left: at(95) }}>95%</span>
        <span style={{ left: at(100) }}>100%</span>
      </div>
    </div>
  );
}

/**
 * What the status means for a school committee: below 95% an alert that cannot be missed, below
 * 100% the carry-forward, otherwise the headroom; a year without figures says to enter them.
 */
export function NssStatus({ meter }: { meter: NssMeter }) {
  if (meter.status === 'BELOW_95') {
    return (
      <div className="nss-alert nss-alert--danger" role="alert">
        <strong className="nss-alert__title">Below 95% of required net school spending</strong>
        <span>{meter.message}</span>
      </div>
    );
  }
  if (meter.status === 'CARRY_FORWARD') {
    return (
      <div className="nss-alert nss-alert--warning" role="status">
        <strong className="nss-alert__title">Below 100%: the shortfall carries forward</strong>
        <span>{meter.message}</span>
      </div>
    );
  }
  return (
    <p className={meter.status === 'MEETS' ? 'nss-ok' : 'nss-none'} role="status">
      {meter.message}
    </p>
  );
}

/**
 * The headroom above 100% and 95%, as two figures; a line already missed is said as what is short
 * of it (a card titled 'Headroom' over '$6,156,416 short' read as a contradiction). To the cent, as
 * the meter's headline and message say the same shortfall ('$94,815.50 short' read beside '$94,816').
 */
export function NssHeadroom({
  meter,
  money = formatMoneyCents,
}: {
  meter: NssMeter;
  money?: (v: number) => string;
}) {
  if (!meter.headroom) {
    return null;
  }
  const h = meter.headroom;
  const card = (line: string, value: number, above: string, below: string) => (
    <div className="kpi">
      <span className="kpi__label">{headroomLabel(line, value)}</span>
      <span className={`kpi__value money ${value < 0 ? 'text-danger' : ''}`}>{money(Math.abs(value))}</span>
      <span className="kpi__hint">{value >= 0 ? above : below}</span>
    </div>
  );
  const at95 = `${money(h.threshold95)} is 95%`;
  return (
    <div className="kpis kpis--two nss-headroom">
      {card(
        '100%',
        h.above100,
        'counted spending that can go before the requirement is missed',
        'counted spending still needed to meet the requirement',
      )}
      {card(
        '95%',
        h.above95,
        `before state aid is cut (${at95})`,
        `still needed before state aid is cut (${at95})`,
      )}
    </div>
  );
}
