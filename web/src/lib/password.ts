/** Length of a generated password (SPEC section 5). */
export const GENERATED_PASSWORD_LENGTH = 12;

// Look-alike characters (0/O, 1/l/I) are left out so a password read aloud or copied by hand survives.
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%&*?-_+=';
export const PASSWORD_ALPHABET = LOWER + UPPER + DIGITS + SYMBOLS;

function randomIndex(max: number): number {
  // Rejection sampling keeps every character equally likely.
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    if (buffer[0] < limit) {
      return buffer[0] % max;
    }
  }
}

function pick(set: string): string {
  return set[randomIndex(set.length)];
}

/**
 * A random password from the browser's CSPRNG, with at least one lower-case letter, upper-case
 * letter, digit and symbol, so it passes any reasonable password rule.
 */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH): string {
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) {
    chars.push(pick(PASSWORD_ALPHABET));
  }
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomIndex(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.slice(0, length).join('');
}
