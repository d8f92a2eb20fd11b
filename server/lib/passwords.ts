import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { passwordHashing } from './hash-slots';

// Every hash and check takes a slot of the bounded pool (./hash-slots.ts).
function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return passwordHashing.run(
    () =>
      new Promise((resolve, reject) => {
        scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
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

export { GENERATED_PASSWORD_LENGTH, generatePassword, PASSWORD_ALPHABET } from '@shared/password-generator';

let common: Set<string> | undefined;

/**
 * The ~49,000 most common passwords, from @zxcvbn-ts/language-common (MIT; its list is compiled
 * from leaked-password corpora and maintained with the zxcvbn-ts project). Shipped with the app:
 * no network. Loaded on first use.
 */
async function commonPasswords(): Promise<Set<string>> {
  if (!common) {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    common = new Set(dictionary['passwords-common']);
  }
  return common;
}

const squash = (text: string) => text.toLowerCase().replace(/[\s._-]+/g, '');

/**
 * Why a new password is refused, or null (OWASP ASVS 5.0 6.2.4, 6.2.11): one of the most common
 * passwords, or the user's own email, the email's name part, or their name (ignoring case, spaces
 * and dots).
 */
export async function passwordProblem(
  password: string,
  user: { email: string; name: string },
): Promise<string | null> {
  if ((await commonPasswords()).has(password.toLowerCase())) {
    return 'This password is one of the most commonly used; choose another';
  }
  const own = [user.email, user.email.split('@')[0], user.name].map(squash).filter((t) => t.length > 0);
  if (own.includes(squash(password))) {
    return 'The password must not be your email or name';
  }
  return null;
}
