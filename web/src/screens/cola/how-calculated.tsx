import { useId, type ReactNode } from 'react';

interface HowCalculatedProps {
  /** The formulas with the actual inputs, one per line. */
  lines: ReactNode[];
  /** The rules the formulas rest on. */
  notes?: ReactNode;
  /** Actions such as the Excel export. */
  actions?: ReactNode;
}

/**
 * 'How this is calculated': every figure of a calculation tab written out as its formula with the
 * actual inputs, so it can be checked by hand (and in the Excel export, whose cells hold the same
 * formulas).
 */
export function HowCalculated({ lines, notes, actions }: HowCalculatedProps) {
  const headingId = useId();
  return (
    <section className="how-calculated" aria-labelledby={headingId}>
      <div className="how-calculated__header">
        <h3 id={headingId}>How this is calculated</h3>
        {actions}
      </div>
      <ul className="how-calculated__lines">
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      {notes ? <div className="how-calculated__notes">{notes}</div> : null}
    </section>
  );
}
