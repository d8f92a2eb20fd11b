import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

const KEY_LENGTH = 32;

/**
 * Hashes a password with scrypt (OWASP: N=2^17, r=8, p=1 by default). The parameters are stored in
 * the hash, so a hash made at one cost still verifies after the configured cost changes.
 * Format: scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>.
 */
export async function hashPassword(password: string, cost = 17): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: 8, p: 1, maxmem: 256 * N * 8 });
  return ['scrypt', cost, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, costText, rText, pText, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !hashText) {
    return false;
  }
  const N = 2 ** Number(costText);
  const r = Number(rText);
  const expected = Buffer.from(hashText, 'base64');
  const key = await scrypt(password, Buffer.from(saltText, 'base64'), expected.length, {
    N,
    r,
    p: Number(pText),
    maxmem: 256 * N * r,
  });
  return timingSafeEqual(key, expected);
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789!@#$%';

/** A random password from an unambiguous alphabet (no 0/O, 1/l/I), for new users and the first admin. */
export function generatePassword(length = 12): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}
