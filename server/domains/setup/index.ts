export { createBudgetYear, createBudgetYearIn, spanOf } from './budget-year-create';
export { seedDemoCategories } from './categories-seed';
export { type NewBudgetYear, insertBudgetYearRows } from './budget-year-rows';
export { setupStatus } from './setup-status';
