import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validationFailed } from './errors';

/**
 * A 400 for input that breaks a rule has one constructor (validationFailed), so the schema's
 * refusals and a service's own checks answer in the same shape: code VALIDATION_FAILED, a detail
 * per field, and a message naming the fields.
 */
describe('the validation error', () => {
  it('names each field in its message, unless given a sentence of its own', () => {
    const details = [
      { path: 'workGroupId', message: 'Work group 9 does not exist' },
      { path: 'buildingId', message: 'Building 4 does not exist' },
    ];
    expect(validationFailed(details)).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'workGroupId: Work group 9 does not exist; buildingId: Building 4 does not exist',
      details,
    });
    expect(validationFailed(details.slice(0, 1), 'Please map required fields: Salary')).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Please map required fields: Salary',
      details: details.slice(0, 1),
    });
  });

  it('no server module builds it by hand', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const byHand = readdirSync(path.join(root, 'server'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f))
      .map((f) => path.join('server', f))
      .filter((f) => f !== path.join('server', 'errors.ts'))
      .filter((f) => readFileSync(path.join(root, f), 'utf8').includes(`'VALIDATION_FAILED'`));
    expect(byHand).toEqual([]);
  });
});
