import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The Scenario Builder with no scenario disables Copy, Set as Active and the quick cuts, all
// secondary buttons: faded to 60% on white with their strong border, they still read as active.
const css = readFileSync(path.resolve(import.meta.dirname, '../../styles/controls.css'), 'utf8');

/** The declarations of the rule whose selector list holds `selector`. */
function ruleFor(selector: string): string {
  const rule = [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].find((m) =>
    m[1]!.split(',').some((s) => s.trim() === selector),
  );
  return rule?.[2] ?? '';
}

describe('a disabled secondary button', () => {
  it('loses its fill and strong border, as a disabled primary or danger button does', () => {
    const secondary = ruleFor('.btn--secondary:disabled');
    expect(secondary).toContain('background: var(--color-surface-muted)');
    expect(secondary).toContain('border-color: var(--color-border)');
    expect(secondary).toContain('color: var(--color-text-muted)');
  });
});
