import { ScreenPlaceholder } from '@web/components/screen-placeholder';

export function DataQualityScreen() {
  return (
    <ScreenPlaceholder
      title="Data Quality Review"
      usesBudgetYear
      purpose="It will list imported records that need review and groups of likely duplicates, so you can correct, merge or dismiss them."
    />
  );
}
