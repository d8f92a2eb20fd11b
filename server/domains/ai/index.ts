export { analyzeBudgetCuts, getAnalysis, listAnalyses } from './ai-analysis';
export { scenarioFromAnalysis } from './ai-analysis-scenario';
