import { MATCH_TYPE_LABELS } from '@shared/schemas/crosswalk';
import type { CrosswalkPreview, CrosswalkRule } from '@web/api/crosswalk';
import { HistoryButton } from '@web/components/history-button';
import { numCol, TableHead, unseen } from '@web/components/table-head';

const count = (n: number) => n.toLocaleString('en-US');

/** '12 work group, 3 category' or 'nothing': what Apply would change on the lines a rule wins. */
function changesText(c: CrosswalkPreview['rules'][number]['changes']): string {
  const parts = [
    c.workGroup ? `${count(c.workGroup)} work group` : '',
    c.category ? `${count(c.category)} category` : '',
    c.deseCode ? `${count(c.deseCode)} DESE code` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'nothing';
}

/** The rules, each with the lines of the year it matches and what applying it would change. */
export function RulesTable({
  rules,
  preview,
  fiscalYearLabel,
  onEdit,
  onDelete,
}: {
  rules: readonly CrosswalkRule[];
  preview: CrosswalkPreview | undefined;
  fiscalYearLabel: string;
  onEdit(rule: CrosswalkRule): void;
  onDelete(rule: CrosswalkRule): void;
}) {
  const byRule = new Map(preview?.rules.map((r) => [r.ruleId, r]) ?? []);
  return (
    <div className="table-wrap">
      <table className="table cw-rules">
        <caption className="visually-hidden">
          Crosswalk rules with the {fiscalYearLabel} lines each matches
        </caption>
        <TableHead
          cols={[
            'Title or pattern',
            'Work group',
            'Category',
            'DESE function',
            'Fund',
            numCol('Lines matched'),
            'Apply would change',
            unseen('Actions'),
          ]}
        />
        <tbody>
          {rules.map((rule) => {
            const p = byRule.get(rule.id);
            return (
              <tr key={rule.id}>
                <th scope="row" className="cw-pattern">
                  <span className="cw-code">{rule.pattern}</span>
                  <small className="cw-note">
                    {MATCH_TYPE_LABELS[rule.matchType]}
                    {rule.note ? ` · ${rule.note}` : ''}
                  </small>
                </th>
                <td>{rule.workGroup ?? '—'}</td>
                <td>{rule.category ?? '—'}</td>
                <td>{rule.deseCode ? `${rule.deseCode} ${rule.deseName ?? ''}` : '—'}</td>
                <td>{rule.fund ?? '—'}</td>
                <td className="num">
                  {p ? `${count(p.lines)} ` : '…'}
                  {p ? (
                    <small className="cw-note">
                      in {count(p.titles)} title{p.titles === 1 ? '' : 's'}
                    </small>
                  ) : null}
                </td>
                <td>{p ? changesText(p.changes) : '…'}</td>
                <td className="cw-actions">
                  <button
                    type="button"
                    className="btn btn--ghost btn--small"
                    aria-label={`Edit rule ${rule.pattern}`}
                    onClick={() => onEdit(rule)}
                  >
                    Edit
                  </button>
                  <HistoryButton entity="crosswalk-rule" id={rule.id} name={rule.pattern} kind="rule" />
                  <button
                    type="button"
                    className="btn btn--ghost btn--small"
                    aria-label={`Delete rule ${rule.pattern}`}
                    onClick={() => onDelete(rule)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
