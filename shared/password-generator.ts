/**
 * THE password generator: the first-start admin, the demo personas and Add User's Generate button
 * all draw from it (the browser imports this file too, so it uses Web Crypto, which Node 20 has as
 * globalThis.crypto).
 *
 * Letters and digits only, without the look-alikes 0/O/o and 1/l/I: a generated password survives
 * being pasted into a shell (`$`, `!`, `#`, quotes and spaces all mean something there), a URL or an
 * email, and can be read aloud.
 */
export const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
/** 24 characters of 56 carry 139 bits, above the 128 a generated secret should have. */
export const GENERATED_PASSWORD_LENGTH = 24;

/** A random password from PASSWORD_ALPHABET, each character uniform (bytes past the last full alphabet are redrawn). */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH): string {
  const n = PASSWORD_ALPHABET.length;
  const limit = 256 - (256 % n);
  const bytes = new Uint8Array(length);
  let out = '';
  while (out.length < length) {
    globalThis.crypto.getRandomValues(bytes);
    for (const b of bytes) {
      if (b < limit && out.length < length) {
        out += PASSWORD_ALPHABET[b % n];
      }
    }
  }
  return out;
}
