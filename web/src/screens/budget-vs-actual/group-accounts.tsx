import {
  useActualsGroupAccounts,
  useUnmatchedAccounts,
  type ActualsGroup,
  type ActualsGrouping,
} from '@web/api/actuals';
import { errorMessage } from '@web/api/client';
import { Alert } from '@web/components/alert';
import { Spinner } from '@web/components/spinner';
import { AccountsTable } from './accounts-table';

/** The accounts of one group, read from the server when the group is opened (the drill-down). */
export function GroupAccounts({
  fiscalYear,
  by,
  group,
}: {
  fiscalYear: number;
  by: ActualsGrouping;
  group: ActualsGroup;
}) {
  const accounts = useActualsGroupAccounts(fiscalYear, by, group.key);
  if (accounts.isPending) {
    return <Spinner label={`Loading the accounts of ${group.label}...`} />;
  }
  if (accounts.isError) {
    return (
      <Alert title={`Failed to load the accounts of ${group.label}`}>
        {errorMessage(accounts.error, 'Please try again.')}
      </Alert>
    );
  }
  return <AccountsTable accounts={accounts.data} caption={`Accounts of ${group.label}`} />;
}

/** The ledger accounts no budget line names, read when their list is opened. */
export function UnmatchedAccounts({ fiscalYear }: { fiscalYear: number }) {
  const accounts = useUnmatchedAccounts(fiscalYear);
  if (accounts.isPending) {
    return <Spinner label="Loading the accounts no budget line names..." />;
  }
  if (accounts.isError) {
    return (
      <Alert title="Failed to load the accounts no budget line names">
        {errorMessage(accounts.error, 'Please try again.')}
      </Alert>
    );
  }
  return <AccountsTable accounts={accounts.data} caption="Ledger accounts no budget line names" />;
}
