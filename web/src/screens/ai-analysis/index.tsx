import { ScreenPlaceholder } from '@web/components/screen-placeholder';

export function AiAnalysisScreen() {
  return (
    <ScreenPlaceholder
      title="AI Analysis"
      usesBudgetYear
      purpose="It will ask the AI assistant, with your own Claude API key, where a target reduction could come from, sorted into likely needed, moderate need and deep cuts."
    />
  );
}
