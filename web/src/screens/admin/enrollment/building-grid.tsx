import type { EnrollmentBuilding } from '@web/api/enrollment';

const TYPE_LABELS: Record<string, string> = {
  preschool: 'Preschool',
  elementary: 'Elementary',
  middle: 'Middle',
  high: 'High',
  special: 'Special',
};

export const buildingTypeLabel = (type: string | null) =>
  type ? (TYPE_LABELS[type] ?? type) : 'No type set';

/** One card per building: its students, and how many of its grades have counts; click to edit. */
export function BuildingGrid({
  buildings,
  onOpen,
}: {
  buildings: readonly EnrollmentBuilding[];
  onOpen(b: EnrollmentBuilding): void;
}) {
  return (
    <ul className="enrollment-grid" aria-label="Buildings">
      {buildings.map((b) => (
        <li key={b.id}>
          <button type="button" className="enrollment-card" onClick={() => onOpen(b)}>
            <span className="enrollment-card__name">
              <span className="visually-hidden">Edit enrollment for </span>
              {b.name}
            </span>
            <span className="enrollment-card__type">
              {buildingTypeLabel(b.buildingType)} · grades {b.grades[0]}
              {b.grades.length > 1 ? `–${b.grades[b.grades.length - 1]}` : ''}
            </span>
            <span className="enrollment-card__count num">{b.totalStudents.toLocaleString('en-US')}</span>
            <span className="enrollment-card__meta">
              students · {b.specialEdStudents.toLocaleString('en-US')} special ed · {b.gradesEntered} of{' '}
              {b.grades.length} grades
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
