import { describe, expect, it } from 'vitest';
import { createProposedBody, updateEmployeeBody, updateProposedBody } from './line-items';

/** The messages the web editors show come from these schemas, so they are the ones to check. */
const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.success ? [] : result.error!.issues.map((i) => [i.path.join('.'), i.message]));

describe('line-item write schemas', () => {
  it('name a missing current salary, amount and account description as required', () => {
    expect(messages(updateEmployeeBody.safeParse({ currentSalary: null }))).toEqual([
      ['currentSalary', 'Current salary is required (0 means a new hire)'],
    ]);
    expect(
      messages(createProposedBody.safeParse({ isOperating: false, budgetYearId: 1, fiscalYear: 2026 })),
    ).toEqual([
      ['accountDescription', 'Account description is required'],
      ['amount', 'Amount is required'],
    ]);
    expect(messages(updateProposedBody.safeParse({ amount: null }))).toEqual([
      ['amount', 'Amount is required'],
    ]);
  });

  it('keep the type errors for a value that is given but wrong', () => {
    expect(messages(updateEmployeeBody.safeParse({ currentSalary: Number.NaN }))).toEqual([
      ['currentSalary', 'Salary must be a number'],
    ]);
    expect(messages(updateProposedBody.safeParse({ amount: 'ten' }))).toEqual([
      ['amount', 'Must be a number'],
    ]);
  });

  it('refuse emptying a proposed line’s account description on edit', () => {
    expect(messages(updateProposedBody.safeParse({ accountDescription: '  ' }))).toEqual([
      ['accountDescription', 'Account description is required'],
    ]);
    expect(updateProposedBody.parse({ accountDescription: ' Buses ', amount: 5 })).toEqual({
      accountDescription: 'Buses',
      amount: 5,
    });
  });
});
