import { useEffect, useState } from 'react';
import { Button } from '@web/components/form/button';

/** While Claude works: what is happening, how long it has taken, and Cancel. */
export function RunProgress({ startedAt, onCancel }: { startedAt: number; onCancel(): void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - startedAt) / 1000));
  return (
    <section className="card ai-progress" aria-label="Analysis in progress" aria-busy="true">
      <div className="spinner" aria-hidden="true" />
      <div className="ai-progress__text">
        {/* Announced once; the seconds counter below is not read out every second. */}
        <p role="status">Claude is analyzing the budget. This usually takes under a minute.</p>
        <p className="ai-muted" aria-hidden="true">
          {seconds} s
        </p>
      </div>
      <Button onClick={onCancel}>Cancel</Button>
    </section>
  );
}
