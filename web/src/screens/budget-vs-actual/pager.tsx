import { Button } from '@web/components/form/button';

/**
 * Previous / next for a list the server sends a page at a time (a ledger may hold hundreds of
 * thousands of accounts): which rows are shown of how many. Nothing when everything fits one page.
 */
export function Pager({
  page,
  what,
  onOffset,
}: {
  page: { offset: number; limit: number; total: number };
  what: string;
  onOffset: (offset: number) => void;
}) {
  if (page.total <= page.limit && page.offset === 0) {
    return null;
  }
  const last = Math.min(page.offset + page.limit, page.total);
  return (
    <nav className="bva-pager" aria-label={`Pages of ${what}`}>
      <Button
        className="btn--small"
        variant="secondary"
        disabled={page.offset === 0}
        onClick={() => onOffset(Math.max(0, page.offset - page.limit))}
      >
        Previous
      </Button>
      <span role="status">
        {what} {page.total ? page.offset + 1 : 0}–{last} of {page.total.toLocaleString('en-US')}
      </span>
      <Button
        className="btn--small"
        variant="secondary"
        disabled={last >= page.total}
        onClick={() => onOffset(page.offset + page.limit)}
      >
        Next
      </Button>
    </nav>
  );
}
