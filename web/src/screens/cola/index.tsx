import { ScreenPlaceholder } from '@web/components/screen-placeholder';

export function ColaScreen() {
  return (
    <ScreenPlaceholder
      title="COLA Management"
      purpose="It will hold union contracts and their yearly cost-of-living increases, COLA scenarios by work-group category for FY2027 to FY2029, the reduction-in-force gap calculator and multi-year projections."
    />
  );
}
