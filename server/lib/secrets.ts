import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Encrypts a secret (a user's Claude API key) with AES-256-GCM; output is iv:tag:ciphertext in base64. */
export function encryptSecret(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64')).join(':');
}

/** Decrypts what encryptSecret wrote; throws if the key is wrong or the data was altered. */
export function decryptSecret(sealed: string, key: Buffer): string {
  const [iv, tag, data] = sealed.split(':').map((p) => Buffer.from(p, 'base64'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}
