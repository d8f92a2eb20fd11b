import { useState } from 'react';
import type { ComponentKey } from '@shared/schemas/public-dashboard';
import { COMPONENT_LABELS } from './labels';

interface ComponentOrderProps {
  order: ComponentKey[];
  /** Whether residents see a section (Visible Modules): only those are numbered, as the preview numbers them. */
  shown(key: ComponentKey): boolean;
  onChange(order: ComponentKey[]): void;
}

function moved(order: ComponentKey[], from: number, to: number): ComponentKey[] {
  const next = [...order];
  const [key] = next.splice(from, 1);
  next.splice(to, 0, key);
  return next;
}

/**
 * The order of the public page's sections: dragged with the mouse, or moved with the Move up and
 * Move down buttons (keyboard and screen readers); a live region says where a section went.
 */
export function ComponentOrder({ order, shown, onChange }: ComponentOrderProps) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) {
      return;
    }
    onChange(moved(order, from, to));
    setAnnouncement(`${COMPONENT_LABELS[order[from]].name} moved to position ${to + 1} of ${order.length}`);
  };
  return (
    <div className="pdc-order">
      <ol className="pdc-order__list" aria-label="Component order">
        {order.map((key, i) => (
          <li
            key={key}
            className={`pdc-order__item${dragging === i ? ' pdc-order__item--dragging' : ''}`}
            draggable
            data-key={key}
            onDragStart={(e) => {
              setDragging(i);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', key);
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging !== null) {
                move(dragging, i);
              }
              setDragging(null);
            }}
            onDragEnd={() => setDragging(null)}
          >
            <span className="pdc-order__grip" aria-hidden="true">
              ⋮⋮
            </span>
            <span className="pdc-order__name">
              {shown(key) ? (
                `${order.slice(0, i + 1).filter(shown).length}. ${COMPONENT_LABELS[key].name}`
              ) : (
                <>
                  {COMPONENT_LABELS[key].name} <span className="muted">(hidden)</span>
                </>
              )}
            </span>
            <span className="pdc-order__buttons">
              <button
                type="button"
                className="btn btn--secondary btn--small"
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
                aria-label={`Move ${COMPONENT_LABELS[key].name} up`}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                disabled={i === order.length - 1}
                onClick={() => move(i, i + 1)}
                aria-label={`Move ${COMPONENT_LABELS[key].name} down`}
              >
                ↓
              </button>
            </span>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
