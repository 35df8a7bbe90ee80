import { createCipheriv, randomBytes } from 'node:crypto';

/**
 * The response envelope of docs/api.md "Conventions": AES-256-GCM with a fresh key and iv per answer, written as
 * `"<base64(iv ‖ ciphertext ‖ tag)>:<base64(key)>"`. The key travels beside the ciphertext, so this
 * is obfuscation that existing clients expect, not security: TLS is what protects the answer.
 */
export function sealEnvelope(json: string): string {
  const key = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(json, 'utf8'), cipher.final()]);
  const sealed = Buffer.concat([iv, ciphertext, cipher.getAuthTag()]);
  return `${sealed.toString('base64')}:${key.toString('base64')}`;
}
