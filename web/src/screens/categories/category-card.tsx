import { useState } from 'react';
import { categoryUsage, type BudgetCategory } from '@web/api/budget-categories';
import { DeleteAction, inUseReason } from '@web/components/in-use';
import { formatMoney } from '@web/lib/format';
import { FORECAST_BASE, forecast } from './forecast';
import { YoYInput } from './yoy-input';
import { numCol, TableHead } from '@web/components/table-head';
import { RowAction } from '@web/components/form/button';
import { ScrollArea } from '@web/components/scroll-area';
import { LINES_ALL_YEARS } from '@web/lib/count-labels';

interface CategoryCardProps {
  category: BudgetCategory;
  deseName: string | undefined;
  onEdit(): void;
  onDelete(): void;
  onSaveYoY(value: number): Promise<unknown>;
  savingYoY: boolean;
}

/** One budget category: its facts, the quick YoY edit and the 5-year forecast it implies. */
export function CategoryCard({
  category,
  deseName,
  onEdit,
  onDelete,
  onSaveYoY,
  savingYoY,
}: CategoryCardProps) {
  const [draft, setDraft] = useState<number | null>(category.defaultYoYIncrease);
  const rate = draft ?? category.defaultYoYIncrease;
  const years = forecast(rate);
  const headingId = `category-${category.id}-name`;
  return (
    <article className="bc-card" aria-labelledby={headingId}>
      <div className="bc-card__stripe" style={{ background: category.color }} />
      <div className="bc-card__body">
        <header className="bc-card__header">
          <h2 id={headingId}>{category.name}</h2>
          {category.isPersonnel ? <span className="badge badge--neutral">Personnel</span> : null}
        </header>
        <dl className="bc-facts">
          <div>
            <dt>Code</dt>
            <dd>{category.code ?? '—'}</dd>
          </div>
          <div>
            <dt>DESE function</dt>
            <dd>{category.deseFunction ? `${category.deseFunction} ${deseName ?? ''}`.trim() : '—'}</dd>
          </div>
          <div>
            <dt>{LINES_ALL_YEARS}</dt>
            <dd className="num">{category.lineItemCount.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>Display order</dt>
            <dd className="num">{category.displayOrder}</dd>
          </div>
        </dl>
        {category.description ? <p className="bc-card__description">{category.description}</p> : null}
        <YoYInput category={category} onDraft={setDraft} onSave={onSaveYoY} saving={savingYoY} />
        <ScrollArea label={`${category.name} 5-year forecast`}>
          <table className="bc-forecast">
            <caption>
              5-year forecast from {formatMoney(FORECAST_BASE)}
              {rate === null ? ' (no increase set)' : ` at ${rate}% a year`}
            </caption>
            <TableHead cols={years.map((_, i) => numCol(`Year ${i + 1}`))} />
            <tbody>
              <tr>
                {years.map((amount, i) => (
                  <td key={i} className="num">
                    {formatMoney(amount)}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </ScrollArea>
        <div className="bc-card__actions">
          <RowAction action="Edit" name={category.name} onClick={onEdit} />
          {/* A category with lines cannot be deleted (as on Manage Data's Budget Categories): said here. */}
          <DeleteAction
            name={category.name}
            why={inUseReason(categoryUsage(category))}
            whyId={`category-${category.id}-in-use`}
            onClick={onDelete}
          />
        </div>
      </div>
    </article>
  );
}
