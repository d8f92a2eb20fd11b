import { smallGroupsNote } from '@shared/public-groups';
import type {
  ComponentKey,
  PublicView,
  PublicViewLink,
  PublicYearData,
} from '@shared/schemas/public-dashboard';
import { BuildingCard } from '@web/components/budget-cards/building-card';
import { CategoryCard } from '@web/components/budget-cards/category-card';
import { goalBudget, goalFundNote, residentGapLabels } from '@shared/gap-words';
import { GapCard } from '@web/components/budget-cards/gap-card';
import { HeadcountCard } from '@web/components/budget-cards/headcount-card';
import { BLUES, SalaryCard, TEALS } from '@web/components/budget-cards/salary-card';
import { formatMillions, formatMoney } from '@web/lib/format';
import {
  buildingFigures,
  categoryFigures,
  fyLabel,
  headcountNote,
  isWebAddress,
  locationFigures,
  salaryNotes,
  schoolIntro,
} from './figures';
import { DeseSection } from './dese-section';
import { PerPupil } from './per-pupil';
import { ProgressSection } from './progress';
import { PublicStaffingSection } from './staffing-section';

const money = (v: number) => formatMillions(v, 1);

interface SectionProps {
  view: PublicView;
  year: number;
  data: PublicYearData | null;
  onWatch(link: PublicViewLink): void;
}

/** One configured section of the public page, or nothing when it has nothing to show. */
export function PublicSection({ name, ...props }: SectionProps & { name: ComponentKey }) {
  const { view, data, year } = props;
  const fy = fyLabel(year);
  switch (name) {
    case 'schoolInfo':
      return <SchoolInfo view={view} data={data} />;
    case 'links':
      return <LinksSection links={view.links} onWatch={props.onWatch} />;
    case 'townLinks':
      return <TownLinks view={view} />;
    default:
  }
  if (!data) {
    return null;
  }
  // A coming year's staff are projected positions, published only when the admin chose to.
  // The budget named by its stage: 'Revised school budget', 'the FY27 revised school budget'.
  const labels = residentGapLabels(fy, data.stage, data.guidanceBudget !== undefined);
  // The charts sum the funds the page shows: named without the gap card's 'general fund'.
  const what = `the ${fy} ${residentGapLabels(fy, data.stage).budget.toLowerCase()}`;
  const staffNotYet = data.includesProjectedEmployees
    ? undefined
    : `${fy} staffing is not published yet: its positions are still being planned.`;
  switch (name) {
    case 'budgetStatus':
      return (
        <GapCard
          className="pub-wide"
          fy={fy}
          budget={goalBudget(data)}
          goal={data.townGoal}
          hasGoal={data.hasTownGoal}
          hasBudget={data.totalBudget !== 0 || data.categoryBreakdown.length > 0}
          gap={data.guidanceGap}
          money={money}
          labels={labels}
          showShare
          fundNote={goalFundNote(data, formatMoney)}
          footer={<PerPupil data={data} />}
        />
      );
    case 'progressBar':
      return <ProgressSection data={data} what={what} />;
    case 'categoryChart': {
      const categories = categoryFigures(data);
      return (
        <>
          <CategoryCard
            title="Where the Money Goes"
            what={what}
            countHeader="Budget lines"
            categories={categories.slices}
            total={categories.total}
            money={money}
            emptyText={`No spending categories were published for ${fy}.`}
            note={smallGroupsNote('categories', data.categoryBreakdown, data.categoryWithheld)}
          />
          <DeseSection
            groups={data.deseBreakdown}
            total={data.totalBudget}
            withheld={data.deseWithheld}
            fy={fy}
            what={what}
          />
        </>
      );
    }
    case 'buildingChart': {
      const buildings = buildingFigures(data);
      return (
        <BuildingCard
          title="Spending by School"
          what={what}
          buildings={buildings.bars}
          total={buildings.total}
          money={money}
          emptyText={`No school figures were published for ${fy}.`}
          note={smallGroupsNote('buildings', data.buildingBreakdown, data.buildingWithheld)}
          // A phone writes each school's name above its bar: beside it, the names left the bars a sliver.
          namesAbove
        />
      );
    }
    case 'salaryCharts':
      // Null when switched off: the server does not send what is not shown.
      if (!data.salaryData) {
        return null;
      }
      return (
        <>
          <SalaryCard
            title="Teacher Salaries"
            who="teachers"
            ranges={data.salaryData.teachers}
            colors={BLUES}
            emptyText={staffNotYet}
            note={salaryNotes(data).teachers}
          />
          <SalaryCard
            title="Paraeducator Salaries"
            who="paraeducators"
            ranges={data.salaryData.paras}
            colors={TEALS}
            emptyText={staffNotYet}
            note={salaryNotes(data).paras}
          />
        </>
      );
    case 'headcountChart': {
      if (!data.locationData) {
        return null;
      }
      const staff = locationFigures(data);
      return (
        <>
          {data.staffing ? <PublicStaffingSection staffing={data.staffing} fy={fy} /> : null}
          <HeadcountCard
            className="pub-wide"
            title="Staff by School"
            emptyText={staffNotYet}
            locations={staff.rows}
            totalEmployees={data.locationData.totalEmployees ?? 0}
            totalSalary={staff.totalSalary ?? 0}
            note={headcountNote(data) || undefined}
            namesAbove
            counted={staff.counted}
          />
        </>
      );
    }
    default:
      return null;
  }
}

function SchoolInfo({ view, data }: { view: PublicView; data: PublicYearData | null }) {
  if (!view.schoolName && !view.schoolLogoUrl) {
    return null;
  }
  return (
    <section className="card pub-school pub-wide" aria-label="About the school district">
      {view.schoolLogoUrl ? (
        <img
          className="pub-school__logo"
          src={view.schoolLogoUrl}
          alt={view.schoolName ? `${view.schoolName} logo` : 'School logo'}
          // A logo that does not load is hidden.
          onError={(e) => {
            e.currentTarget.hidden = true;
          }}
        />
      ) : null}
      <div>
        {view.schoolName ? <p className="pub-school__name">{view.schoolName}</p> : null}
        <p className="muted">
          {schoolIntro(data?.stageLabel)} All figures are totals; no one&apos;s name or individual pay is
          shown.
        </p>
      </div>
    </section>
  );
}

const LINK_KIND: Record<PublicViewLink['linkType'], string> = {
  website: 'Website',
  document: 'Document',
  video: 'Video',
};

function LinksSection({ links, onWatch }: { links: PublicViewLink[]; onWatch(link: PublicViewLink): void }) {
  if (links.length === 0) {
    return null;
  }
  return (
    <section className="card pub-links" aria-labelledby="pub-links-title">
      <h2 id="pub-links-title" className="chart-card__title">
        Learn More
      </h2>
      <ul className="pub-link-list">
        {links.map((link, i) => (
          <li key={`${i}-${link.url}`} className="pub-link">
            <span className="badge">{LINK_KIND[link.linkType]}</span>
            {link.linkType === 'video' && link.videoId ? (
              <button type="button" className="link-button pub-link__title" onClick={() => onWatch(link)}>
                Watch: {link.title}
              </button>
            ) : isWebAddress(link.url) ? (
              <a className="pub-link__title" href={link.url} target="_blank" rel="noopener noreferrer">
                {link.title}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              <span className="pub-link__title">{link.title}</span>
            )}
            {link.description ? <p className="pub-link__description muted">{link.description}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TownLinks({ view }: { view: PublicView }) {
  const sites = [
    { label: 'Town website', url: view.townWebsiteUrl },
    { label: 'School district website', url: view.schoolWebsiteUrl },
  ].filter((s): s is { label: string; url: string } => Boolean(s.url && isWebAddress(s.url)));
  if (sites.length === 0) {
    return null;
  }
  return (
    <section className="card pub-links" aria-labelledby="pub-town-links-title">
      <h2 id="pub-town-links-title" className="chart-card__title">
        Town and School Websites
      </h2>
      <ul className="pub-link-list">
        {sites.map((s) => (
          <li key={s.label} className="pub-link">
            <a className="pub-link__title" href={s.url} target="_blank" rel="noopener noreferrer">
              {s.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
