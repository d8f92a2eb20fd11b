import { useState } from 'react';
import { SECURITY_EVENTS, type SecurityEvent } from '@shared/schemas/security-log';
import { useSecurityLog } from '@web/api/auth';
import { errorMessage } from '@web/api/client';
import { ScrollArea } from '@web/components/scroll-area';
import { Alert } from '@web/components/alert';
import { FilterSelect } from '@web/components/line-filters';
import { Spinner } from '@web/components/spinner';
import { formatDateTime } from '@web/lib/format';
import './security-log.css';
import { TableHead } from '@web/components/table-head';

const ALL = 'all';
const LABELS: Record<SecurityEvent, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in',
  lockout: 'Locked out (too many failures)',
  'sign-out': 'Signed out',
  'sign-out-everywhere': 'Signed out everywhere',
  'session-ended': 'Ended a session',
  'access-denied': 'Refused (role)',
  'password-check-failed': 'Wrong current password',
  'password-changed': 'Password changed',
  'email-changed': 'Email changed',
  'api-key-changed': 'API key changed',
  'role-changed': 'Role changed',
  'user-deactivated': 'Account deactivated',
  'user-activated': 'Account activated',
  'user-deleted': 'Account deleted',
  'data-exported': 'Exported data',
  'backup-made': 'Backup made',
  'database-restored': 'Database restored',
  'budget-reopened': 'Budget reopened after a vote',
};
const IMPORTANT = 'important';
const OPTIONS = [
  { value: IMPORTANT, label: 'Important events' },
  { value: ALL, label: 'All events' },
  ...SECURITY_EVENTS.map((e) => ({ value: e, label: LABELS[e] })),
];

/** 'FINANCE → VIEW_ONLY', or 'route: GET /auth/users', from an event's detail. */
function describeDetail({ from, to, ...rest }: Record<string, unknown>): string {
  const parts = from !== undefined && to !== undefined ? [`${String(from)} → ${String(to)}`] : [];
  for (const [key, value] of Object.entries(rest)) {
    if (value !== null && value !== undefined) {
      parts.push(`${key}: ${String(value)}`);
    }
  }
  return parts.join(', ');
}

/** The security log: the last 50 events, filtered by kind. */
export function SecurityLog() {
  // Important events first: routine sign-ins and exports (which anyone can post many of) cannot
  // push a lockout or a role change out of this first view.
  const [event, setEvent] = useState<string>(IMPORTANT);
  const log = useSecurityLog(event as SecurityEvent | typeof ALL | typeof IMPORTANT);
  return (
    <section className="card" aria-labelledby="security-log-title" style={{ marginTop: 'var(--space-4)' }}>
      <h2 id="security-log-title">Security log</h2>
      <div className="security-log__filter">
        <FilterSelect id="security-event" label="Event" value={event} options={OPTIONS} onChange={setEvent} />
      </div>
      {log.isPending ? <Spinner label="Loading the security log..." /> : null}
      {log.isError ? <Alert>{errorMessage(log.error, 'Failed to load the security log')}</Alert> : null}
      {log.isSuccess && log.data.events.length === 0 ? <p className="muted">No events.</p> : null}
      {log.isSuccess && log.data.events.length > 0 ? (
        <ScrollArea label="Security events">
          <table className="table security-log">
            <caption className="visually-hidden">Security events, newest first</caption>
            <TableHead cols={['When', 'Event', 'Account', 'By', 'Address', 'Detail']} />
            <tbody>
              {log.data.events.map((e) => (
                <tr key={e.id}>
                  <td>{formatDateTime(e.createdAt)}</td>
                  <td>{LABELS[e.event]}</td>
                  <td>{e.userEmail ?? (e.userId === null ? 'Unknown account' : `User ${e.userId}`)}</td>
                  <td>{e.actor}</td>
                  <td>{e.address ?? ''}</td>
                  <td>{describeDetail(e.detail)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      ) : null}
    </section>
  );
}
