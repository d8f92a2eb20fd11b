import { Link } from 'react-router';
import { useNeedsReviewCount } from '@web/api/data-quality';
import { useCanVisit } from '@web/auth/use-can';
import { Alert } from '@web/components/alert';

const DATA_QUALITY = '/admin/data-quality';

/**
 * 'N records need review': the length of Data Quality's list, counted by the
 * server with the list's own rule, for the whole budget year as the list shows it. Only for those
 * who may open Data Quality; nothing when no record is flagged.
 */
export function ReviewCount({ budgetYearId }: { budgetYearId: number }) {
  const canReview = useCanVisit(DATA_QUALITY);
  const count = useNeedsReviewCount(budgetYearId, canReview).data?.count ?? 0;
  if (!canReview || count === 0) {
    return null;
  }
  return (
    <div className="page-message" data-testid="review-count">
      <Alert
        variant="info"
        title={`${count.toLocaleString('en-US')} record${count === 1 ? '' : 's'} need review`}
      >
        <span>
          A flag clears itself once what it named is fixed, or when someone marks the record reviewed.{' '}
          <Link to={DATA_QUALITY}>Review them in Data Quality</Link>
        </span>
      </Alert>
    </div>
  );
}
