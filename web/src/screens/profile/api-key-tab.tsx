import { useState, type FormEvent } from 'react';
import { useHasApiKey, useUpdateApiKey } from '@web/api/auth';
import { errorMessage } from '@web/api/client';
import { useSession } from '@web/auth/session-context';
import { useCan } from '@web/auth/use-can';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { ROLE_LABELS } from '@web/lib/format';

const FAILED = 'Failed to save API key';

export function ApiKeyTab() {
  const { user, updateUser } = useSession();
  const canAnalyze = useCan('ai.analyze');
  const status = useHasApiKey();
  const update = useUpdateApiKey();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const hasKey = status.data?.hasApiKey ?? status.data?.hasKey ?? user?.hasApiKey ?? false;

  const save = (value: string | null, successText: string) => {
    setError(null);
    setDone(null);
    update.mutate(value, {
      onSuccess: ({ hasApiKey }) => {
        updateUser({ hasApiKey });
        setKey('');
        setDone(successText);
      },
      onError: (err) => setError(errorMessage(err, FAILED)),
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!key.trim()) {
      setError('Please enter an API key');
      return;
    }
    save(key.trim(), 'API key saved');
  };

  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate style={{ maxWidth: 560 }}>
      <p className="muted" data-testid="api-key-intro">
        {canAnalyze
          ? 'AI Analysis uses your own Claude API key. '
          : `Your role (${user ? ROLE_LABELS[user.role] : 'unknown'}) cannot run AI Analysis, so a key stored here is not used. `}
        It is stored encrypted and never shown again; only whether one is stored is displayed here.
      </p>
      {error ? <Alert>{error}</Alert> : null}
      {done ? <Alert variant="success">{done}</Alert> : null}
      <p>
        <strong>Status: </strong>
        {status.isPending ? (
          'Checking...'
        ) : hasKey ? (
          <span className="badge badge--success">A key is stored</span>
        ) : (
          <span className="badge badge--neutral">No key stored</span>
        )}
      </p>
      {/* A role that cannot run AI Analysis is not offered a key it would never use, but may remove one. */}
      {canAnalyze ? (
        <Field
          id="claude-api-key"
          label={hasKey ? 'Replace Claude API key' : 'Claude API key'}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={key}
          onChange={(event) => setKey(event.target.value)}
        />
      ) : null}
      {canAnalyze || hasKey ? (
        <div className="form-actions">
          {hasKey ? (
            <Button disabled={update.isPending} onClick={() => save(null, 'API key removed')}>
              Remove key
            </Button>
          ) : null}
          {canAnalyze ? (
            <Button type="submit" variant="primary" busy={update.isPending} busyLabel="Saving...">
              Save API Key
            </Button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
