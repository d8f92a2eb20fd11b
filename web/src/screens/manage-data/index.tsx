import { ScreenPlaceholder } from '@web/components/screen-placeholder';

export function ManageDataScreen() {
  return (
    <ScreenPlaceholder
      title="Manage Data"
      purpose="It will manage the reference data: work groups, work-group categories, buildings, budget categories, step and lane settings, salary verification and bulk operations."
    />
  );
}
