import { Link, Outlet } from 'react-router';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { DistrictSeal, TownSeal } from '@web/components/logos';
import { BudgetYearPicker } from '@web/components/shell/budget-year-picker';
import { MainNav } from '@web/components/shell/main-nav';
import { PlannedElsewhereNote } from '@web/components/shell/planned-elsewhere';
import { UserMenu } from '@web/components/shell/user-menu';
import { useDistrictName } from '@web/api/budget-years';
import { PRODUCT_NAME } from '@web/lib/branding';

/** The signed-in layout: skip link, header, navigation bar and the current screen in <main>. */
export function Shell() {
  const districtName = useDistrictName();
  return (
    <BudgetYearProvider>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <header className="app-header">
        <div className="app-header__inner">
          <Link to="/" className="brand">
            <span className="brand__logos">
              <DistrictSeal />
              <TownSeal />
            </span>
            <span className="brand__text">
              <span className="brand__name">{districtName}</span>{' '}
              <span className="brand__product">{PRODUCT_NAME}</span>
            </span>
          </Link>
          <div className="header-tools">
            <BudgetYearPicker />
            <UserMenu />
          </div>
        </div>
      </header>
      <MainNav />
      <main id="main-content" className="app-main" tabIndex={-1}>
        <PlannedElsewhereNote />
        <Outlet />
      </main>
    </BudgetYearProvider>
  );
}
