import type { AnyRoute } from './define';
import { authRoutes } from './auth';
import { budgetYearRoutes } from './budget-years';
import { healthRoutes } from './health';

/** Every API route. The OpenAPI document and the role test walk this list. */
export const allRoutes: AnyRoute[] = [...healthRoutes, ...authRoutes, ...budgetYearRoutes];
