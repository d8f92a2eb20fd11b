import { ScreenPlaceholder } from '@web/components/screen-placeholder';

export function PublicDashboardConfigScreen() {
  return (
    <ScreenPlaceholder
      title="Public Dashboard Configuration"
      purpose="It will set up the public dashboard residents see without signing in: its address, school name and logo, links, published years and which sections show, then publish it."
    />
  );
}
