import { describe, expect, it } from 'vitest';
import { PUBLIC_DASHBOARD_MESSAGES } from '@shared/schemas/public-dashboard';
import { plotText } from '@web/components/charts/plot-text';
import { fyLabel, isWebAddress, noDataFor, NOT_FOUND } from './figures';

describe('the public page’s words and checks', () => {
  // The page keeps its own copies so it does not bundle zod; they must say what the server says.
  it('says the server’s messages', () => {
    expect(NOT_FOUND).toBe(PUBLIC_DASHBOARD_MESSAGES.notFound);
    expect(noDataFor(2027)).toBe(PUBLIC_DASHBOARD_MESSAGES.noDataForYear(2027));
    expect(noDataFor(2027)).toBe('No data available for FY27');
    expect(fyLabel(2027)).toBe('FY27');
    expect(fyLabel(2100)).toBe('FY00');
  });

  it('links only to web addresses', () => {
    expect(isWebAddress('https://town.example.org')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
  });

  it('hands Plotly names as text, never as its HTML', () => {
    expect(plotText('<a href="https://evil.example">x</a> & Co')).toBe(
      '&lt;a href="https://evil.example"&gt;x&lt;/a&gt; &amp; Co',
    );
  });
});
