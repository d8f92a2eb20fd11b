import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useEndSession, useLogoutEverywhere, useSessions } from '@web/api/auth';
import { useSession } from '@web/auth/session-context';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/form/button';
import { formatDateTime } from '@web/lib/format';
import { describeDevice } from '@web/screens/profile/device';
import { TableHead } from '@web/components/table-head';

/**
 * Where the user is signed in (device, address, last seen), with a way to end any one session or
 * all of them, and the failed sign-ins on their account.
 */
export function SessionsTab() {
  const { signOut } = useSession();
  const sessions = useSessions();
  const end = useEndSession();
  const everywhere = useLogoutEverywhere();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const endOne = (id: string) => {
    setFailure(null);
    end.mutate(id, { onError: (err) => setFailure(errorMessage(err, 'Failed to end the session')) });
  };
  const endAll = () => {
    everywhere.mutate(undefined, {
      // Every session ended, this one too: back to the sign-in page.
      onSuccess: () => void signOut(),
      onError: (err) => {
        setConfirming(false);
        setFailure(errorMessage(err, 'Failed to sign out everywhere'));
      },
    });
  };

  if (sessions.isPending) {
    return <p className="muted">Loading sessions...</p>;
  }
  if (sessions.isError) {
    return <Alert>{errorMessage(sessions.error, 'Failed to load sessions')}</Alert>;
  }
  const { sessions: list, failedAttempts } = sessions.data;
  return (
    <div className="form-stack">
      {failure ? <Alert>{failure}</Alert> : null}
      <h2>Failed sign-in attempts</h2>
      {failedAttempts.length === 0 ? (
        <p className="muted">No failed sign-in attempts on your account in the last 30 days.</p>
      ) : (
        <>
          <Alert
            variant="info"
            title={`${failedAttempts.length} failed attempt${failedAttempts.length === 1 ? '' : 's'} in the last 30 days`}
          >
            If these were not you, change your password and sign out everywhere.
          </Alert>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Failed sign-in attempts</caption>
              <TableHead cols={['When', 'From address', 'What']} />
              <tbody>
                {failedAttempts.map((f, i) => (
                  <tr key={`${f.at}-${i}`}>
                    <td>{formatDateTime(f.at)}</td>
                    <td>{f.address || 'Unknown'}</td>
                    <td>{f.kind === 'sign-in' ? 'Wrong password at sign-in' : 'Wrong current password'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <h2>Where you are signed in</h2>
      <ul className="session-list" aria-label="Active sessions">
        {list.map((s) => (
          <li key={s.id} className="session-list__item">
            <div>
              <span className="session-list__device" title={s.device}>
                {describeDevice(s.device)}
              </span>{' '}
              {s.current ? <span className="badge badge--success">This device</span> : null}
              <p className="session-list__meta">
                {s.address || 'Unknown address'} · last seen {formatDateTime(s.lastSeenAt)} · signed in{' '}
                {formatDateTime(s.createdAt)}
              </p>
            </div>
            {s.current ? null : (
              <Button
                busy={end.isPending && end.variables === s.id}
                busyLabel="Ending..."
                aria-label={`End session on ${describeDevice(s.device)}, last seen ${formatDateTime(s.lastSeenAt)}`}
                onClick={() => endOne(s.id)}
              >
                End session
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Sign out everywhere
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out everywhere?"
        message="Every session of your account ends, this one included. You will need to sign in again on each device."
        confirmLabel="Sign out everywhere"
        busyLabel="Signing out..."
        busy={everywhere.isPending}
        onConfirm={endAll}
      />
    </div>
  );
}
