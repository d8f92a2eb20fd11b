// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { generatePassword, GENERATED_PASSWORD_LENGTH, PASSWORD_ALPHABET } from '@web/lib/password';

describe('generatePassword (Add User)', () => {
  it('makes 12-character passwords of letters and digits only, safe to paste into a shell', () => {
    expect(GENERATED_PASSWORD_LENGTH).toBe(12);
    for (let i = 0; i < 200; i += 1) {
      const password = generatePassword();
      expect(password).toHaveLength(12);
      expect(password).toMatch(/^[A-Za-z0-9]+$/);
      for (const char of password) {
        expect(PASSWORD_ALPHABET).toContain(char);
      }
    }
  });

  it('does not repeat itself', () => {
    const seen = new Set(Array.from({ length: 100 }, () => generatePassword()));
    expect(seen.size).toBe(100);
  });
});
