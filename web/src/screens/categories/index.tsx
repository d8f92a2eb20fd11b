import { ScreenPlaceholder } from '@web/components/screen-placeholder';

export function CategoriesScreen() {
  return (
    <ScreenPlaceholder
      title="Budget Categories"
      purpose="It will list the budget categories with their default year-over-year increase and a five-year forecast preview, and let you add, edit and delete them."
    />
  );
}
