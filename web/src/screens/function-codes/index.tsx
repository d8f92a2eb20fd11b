import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useDeleteRule, useFunctionCodeRules, type FunctionCodeRule } from '@web/api/function-codes';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { Button, RowAction } from '@web/components/form/button';
import { HistoryButton } from '@web/components/history-button';
import { PageHeader } from '@web/components/page-header';
import { Spinner } from '@web/components/spinner';
import { useToast } from '@web/components/toast';
import { formatDateTime } from '@web/lib/format';
import { ApplyRules } from './apply-rules';
import { RuleEditor } from './rule-editor';
import './function-codes.css';
import { numCol, TableHead, unseen } from '@web/components/table-head';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Function Codes (ADMIN; titled as the Admin menu names it): which DESE function code lines get by their budget
 * category, work group, position title or ledger account. Imports apply the rules by themselves;
 * existing lines get them when the ADMIN applies them to a fiscal year, after a count of what changes.
 */
export function FunctionCodesScreen() {
  const rules = useFunctionCodeRules();
  const remove = useDeleteRule();
  const notify = useToast();
  // undefined: editor closed; null: a new rule.
  const [editing, setEditing] = useState<FunctionCodeRule | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<FunctionCodeRule | null>(null);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);

  const done = (text: string) => {
    setMessage({ text });
    notify({ title: text, variant: 'success' });
  };
  const confirmDelete = () => {
    if (!deleting) {
      return;
    }
    remove.mutate(deleting.id, {
      onSuccess: (res) => done(res.message),
      onError: (err) => setMessage({ text: errorMessage(err, 'The rule could not be deleted'), error: true }),
      onSettled: () => setDeleting(null),
    });
  };
  const list = rules.data?.rules ?? [];

  return (
    <>
      <PageHeader
        title="Function Codes"
        subtitle="A DESE function code on every dollar: rules by budget category, work group, position or account."
      />
      <div className="screen-toolbar" role="toolbar" aria-label="Function-code rule controls">
        <Button variant="primary" onClick={() => setEditing(null)}>
          Add Rule
        </Button>
      </div>
      {message ? (
        <div className="page-message">
          <Alert variant={message.error ? 'error' : 'success'}>{message.text}</Alert>
        </div>
      ) : null}
      {rules.isPending ? <Spinner label="Loading the rules..." /> : null}
      {rules.isError ? (
        <div className="page-message">
          <Alert title="Failed to load the rules">{errorMessage(rules.error, 'Reload the page.')}</Alert>
        </div>
      ) : null}
      <div className="fc-layout">
        <section className="card fc-rules" aria-labelledby="fc-rules-title">
          <h2 id="fc-rules-title" className="card__title">
            Rules
          </h2>
          {rules.data && list.length === 0 ? (
            <EmptyState title="No rules yet">
              <p>Lines get a code from their import, their budget category, or a rule added here.</p>
            </EmptyState>
          ) : null}
          {list.length > 0 ? (
            <div className="table-wrap" role="group" aria-label="Function-code rules" tabIndex={0}>
              <table className="table fc-table">
                <caption className="visually-hidden">Function-code rules</caption>
                <TableHead
                  cols={[
                    'Lines matching',
                    'Function code',
                    'Fund',
                    numCol('Lines reached'),
                    'Updated',
                    unseen('Actions'),
                  ]}
                />
                <tbody>
                  {list.map((r) => (
                    <tr key={r.id}>
                      <td data-label="Lines matching">
                        {r.target}
                        {r.note ? <div className="muted fc-note">{r.note}</div> : null}
                      </td>
                      <td data-label="Function code">
                        <strong>{r.functionCode}</strong> {r.functionName}
                      </td>
                      <td data-label="Fund">{r.fund ?? '—'}</td>
                      <td data-label="Lines reached" className="num">
                        {count(r.lineCount)}
                      </td>
                      <td data-label="Updated">
                        {formatDateTime(r.updatedAt)}
                        {(r.updatedBy ?? r.createdBy) ? ` by ${r.updatedBy ?? r.createdBy}` : ''}
                      </td>
                      <td className="fc-actions">
                        <RowAction action="Edit" name={`rule ${r.target}`} onClick={() => setEditing(r)} />
                        <HistoryButton
                          entity="function-code-rule"
                          id={r.id}
                          name={r.target}
                          kind="rule"
                          className="btn btn--secondary btn--small"
                        />
                        <RowAction
                          action="Delete"
                          name={`rule ${r.target}`}
                          variant="danger"
                          onClick={() => setDeleting(r)}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </section>
        <ApplyRules onApplied={done} />
      </div>
      <RuleEditor
        rule={editing}
        onClose={() => setEditing(undefined)}
        onSaved={(text) => {
          setEditing(undefined);
          done(text);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this rule?"
        message={`${deleting?.target ?? ''} → ${deleting?.functionCode ?? ''}. Lines keep the codes it gave them; later imports no longer use it.`}
        confirmLabel="Delete Rule"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
