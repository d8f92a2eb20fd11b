import { useState } from 'react';
import {
  useLedgerGroupAccounts,
  useUnmatchedAccounts,
  type LedgerFundParam,
  type LedgerGroup,
  type LedgerGrouping,
} from '@web/api/ledger';
import { errorMessage } from '@web/api/client';
import { Alert } from '@web/components/alert';
import { Spinner } from '@web/components/spinner';
import { AccountsTable } from './accounts-table';
import { inSentence } from './figures';
import { Pager } from './pager';

type Read = ReturnType<typeof useUnmatchedAccounts>;

/** A page of accounts as read, with its pager, or the spinner or the failure. */
function AccountsPage({
  read,
  caption,
  onOffset,
}: {
  read: Read;
  caption: string;
  onOffset: (offset: number) => void;
}) {
  if (read.isPending) {
    return <Spinner label={`Loading the ${inSentence(caption)}...`} />;
  }
  if (read.isError) {
    return (
      <Alert title={`Failed to load the ${inSentence(caption)}`}>
        {errorMessage(read.error, 'Please try again.')}
      </Alert>
    );
  }
  return (
    <>
      <AccountsTable accounts={read.data.accounts} caption={caption} />
      <Pager page={read.data.page} what="Accounts" onOffset={onOffset} />
    </>
  );
}

/** The accounts of one group, read from the server a page at a time when the group is opened. */
export function GroupAccounts({
  fiscalYear,
  by,
  fund,
  group,
}: {
  fiscalYear: number;
  by: LedgerGrouping;
  fund: LedgerFundParam;
  group: LedgerGroup;
}) {
  const [offset, setOffset] = useState(0);
  const read = useLedgerGroupAccounts(fiscalYear, by, fund, group.key, offset);
  return <AccountsPage read={read} caption={`Accounts of ${group.label}`} onOffset={setOffset} />;
}

/** The ledger accounts no budget line names, read a page at a time when their list is opened. */
export function UnmatchedAccounts({ fiscalYear, fund }: { fiscalYear: number; fund: LedgerFundParam }) {
  const [offset, setOffset] = useState(0);
  const read = useUnmatchedAccounts(fiscalYear, fund, offset);
  return <AccountsPage read={read} caption="Ledger accounts no budget line names" onOffset={setOffset} />;
}
