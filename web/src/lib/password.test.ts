// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { generatePassword, GENERATED_PASSWORD_LENGTH, PASSWORD_ALPHABET } from '@web/lib/password';

describe('generatePassword', () => {
  it('makes 12-character passwords from the allowed alphabet', () => {
    for (let i = 0; i < 200; i += 1) {
      const password = generatePassword();
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(GENERATED_PASSWORD_LENGTH).toBe(12);
      for (const char of password) {
        expect(PASSWORD_ALPHABET).toContain(char);
      }
    }
  });

  it('always mixes lower case, upper case, digits and symbols', () => {
    for (let i = 0; i < 200; i += 1) {
      const password = generatePassword();
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[^A-Za-z0-9]/);
    }
  });

  it('does not repeat itself', () => {
    const seen = new Set(Array.from({ length: 100 }, () => generatePassword()));
    expect(seen.size).toBe(100);
  });
});
