import {
  enrollmentBatchResponse,
  enrollmentResponse,
  enrollmentSavedResponse,
  saveEnrollmentBatchBody,
  saveEnrollmentBody,
} from '@shared/schemas/enrollment';
import { budgetYearIdQuery } from '@shared/schemas/fiscal-years';
import { enrollment as service } from '@server/domains/budgets';
import { defineRoute } from './define';

const tag = 'Enrollment';

export const enrollmentRoutes = [
  defineRoute({
    method: 'get',
    path: '/enrollment',
    summary: 'Enrollment of a budget year, with every building’s grades and totals',
    tag,
    action: 'referenceData.read',
    query: budgetYearIdQuery,
    response: enrollmentResponse,
    handler: ({ app, actor, query }) => service.listEnrollment(app, actor, query.budgetYearId),
  }),
  defineRoute({
    method: 'post',
    path: '/enrollment',
    summary: 'Save the student counts of one grade of one building',
    tag,
    action: 'referenceData.write',
    body: saveEnrollmentBody,
    response: enrollmentSavedResponse,
    handler: ({ app, actor, body }) => service.saveEnrollment(app, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/enrollment/batch',
    summary: 'Save a building’s grades in one transaction (grades without students are removed)',
    tag,
    action: 'referenceData.write',
    body: saveEnrollmentBatchBody,
    response: enrollmentBatchResponse,
    handler: ({ app, actor, body }) => service.saveEnrollmentBatch(app, actor, body),
  }),
];
