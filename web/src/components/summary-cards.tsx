export interface SummaryCardItem {
  label: string;
  value: string;
  note?: string;
}

interface SummaryCardsProps {
  label: string;
  cards: SummaryCardItem[];
  /** True while new figures load; the old ones stay visible meanwhile. */
  busy?: boolean;
  error?: string | null;
}

/** A row of figures above a grid (count, totals); the figures come from the server's SQL sums. */
export function SummaryCards({ label, cards, busy = false, error = null }: SummaryCardsProps) {
  return (
    <section className="summary-cards" aria-label={label} aria-busy={busy}>
      {cards.map((card) => (
        <div className="summary-card" key={card.label}>
          <span className="summary-card__label">{card.label}</span>
          <span className="summary-card__value">{error ? '—' : card.value}</span>
          {card.note ? <span className="summary-card__note">{card.note}</span> : null}
        </div>
      ))}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
