// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { residentView } from '@web/test/public-view';
import { PublicDashboard } from './index';

afterEach(cleanup);

const view = residentView();

const footer = () => screen.getByRole('contentinfo').textContent ?? '';

describe("the residents' page's footer", () => {
  it('dates the figures of the published page', () => {
    render(<PublicDashboard view={view} />);
    expect(footer()).toMatch(/Last updated .*2026/);
    expect(footer()).toContain('as of that date.');
  });

  // QA: the admin's preview read 'Not yet published' over '... as of that date.', naming no date.
  it('names no date in the preview, which has none', () => {
    render(<PublicDashboard view={view} preview={{ changes: [], problems: [] }} />);
    expect(footer()).toContain('Not yet published');
    expect(footer()).not.toContain('as of that date');
    expect(footer()).toContain('as it stands now.');
  });
});
