import { describe, expect, it } from 'vitest';
import type { ImportAnalysis } from '@shared/schemas/import';
import { analyzeErrorMessage, checkAnalysis } from '@web/api/import';
import { ApiError } from '@web/api/client';
import {
  fileSize,
  initialMapping,
  missingRequired,
  requiredMessage,
  sampleValue,
  toColumnMappings,
  unmappedColumns,
} from './mapping';

const analysis = {
  detectedColumns: ['NAME', 'TITLE', 'REGULAR', 'POSTAL'],
  expectedColumns: [
    { field: 'lastName', label: 'Last Name', required: true, description: '' },
    { field: 'position', label: 'Position', required: false, description: '' },
    { field: 'currentSalary', label: 'Current Salary', required: true, description: '' },
  ],
  suggestedMappings: {
    lastName: { csvColumn: 'NAME', confidence: 'high' },
    position: { csvColumn: null, confidence: 'none' },
    currentSalary: { csvColumn: 'REGULAR', confidence: 'medium' },
  },
  previewData: [
    { NAME: 'Lee,Ana', TITLE: '', REGULAR: '' },
    { NAME: 'Roe,Bo', TITLE: 'Teacher', REGULAR: '61,000.00' },
  ],
} as unknown as ImportAnalysis;

describe('the wizard mapping', () => {
  it('starts from the suggestions, skipping fields without one', () => {
    expect(initialMapping(analysis)).toEqual({
      lastName: 'NAME',
      position: 'SKIP',
      currentSalary: 'REGULAR',
    });
  });

  it('names required fields left unmapped or skipped, by their labels', () => {
    expect(missingRequired(analysis, initialMapping(analysis))).toEqual([]);
    const missing = missingRequired(analysis, { lastName: 'SKIP', position: 'TITLE' });
    expect(missing).toEqual(['Last Name', 'Current Salary']);
    expect(requiredMessage(missing)).toBe('Please map required fields: Last Name, Current Salary');
  });

  it('sends skipped fields as null, offers spare columns for notes, and samples the first value', () => {
    expect(toColumnMappings({ lastName: 'NAME', position: 'SKIP' })).toEqual({
      lastName: 'NAME',
      position: null,
    });
    expect(unmappedColumns(analysis, initialMapping(analysis))).toEqual(['TITLE', 'POSTAL']);
    expect(sampleValue(analysis, 'TITLE')).toBe('Teacher');
    expect(sampleValue(analysis, 'SKIP')).toBe('');
    expect(fileSize(3379)).toBe('3 KB');
    expect(fileSize(52_428_800)).toBe('50.0 MB');
  });
});

describe('analysis responses and error messages', () => {
  it('refuses a response without the expected shapes', () => {
    expect(checkAnalysis(analysis)).toBe(analysis);
    expect(() => checkAnalysis({ detectedColumns: 'x', suggestedMappings: [] })).toThrow(
      'Invalid response: detectedColumns is not a list, expectedColumns is not a list, suggestedMappings is not an object',
    );
  });

  it('words analysis and import failures with the reason the server gave', () => {
    expect(
      analyzeErrorMessage(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported file type .pdf')),
    ).toBe('Failed to analyze file: Unsupported file type .pdf');
    expect(analyzeErrorMessage(new ApiError(502, 'HTTP_502', undefined))).toBe(
      'Failed to analyze file: Upload failed: 502 - HTTP_502',
    );
    expect(analyzeErrorMessage(new Error('Invalid response: detectedColumns is not a list'))).toBe(
      'Failed to analyze file: Invalid response: detectedColumns is not a list',
    );
    expect(analyzeErrorMessage(new ApiError(0, 'NETWORK_ERROR', undefined))).toBe(
      'Failed to analyze file: Analysis failed',
    );
  });
});
