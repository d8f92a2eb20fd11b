import { PageHeader } from '@web/components/page-header';
import '@web/styles/grid-page.css';

/** Positions: the district's roster of positions, filled and vacant, apart from the people in them. */
export function PositionsScreen() {
  return (
    <div className="grid-screen grid-screen--wide">
      <PageHeader title="Positions" />
    </div>
  );
}
