import { ScreenPlaceholder } from '@web/components/screen-placeholder';

export function TownGoalsScreen() {
  return (
    <ScreenPlaceholder
      title="Town Budget Goals"
      purpose="It will record the town's budget guidance for each fiscal year, as a dollar goal, a percent goal or both, and show the gap between the district's need and that goal."
    />
  );
}
