import { ScreenPlaceholder } from '@web/components/screen-placeholder';

export function ScenarioScreen() {
  return (
    <ScreenPlaceholder
      title="Budget Scenario Builder"
      usesBudgetYear
      purpose="It will let you try cuts line by line with a percentage slider per item, apply quick cuts, and see at once whether the adjusted total meets the town goal."
    />
  );
}
