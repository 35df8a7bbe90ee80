import { createDecipheriv } from 'node:crypto';

/**
 * Opens an envelope the way a Node client would (docs/api.md "Conventions"): split at the one `:`, base64-decode, take
 * the 12-byte iv from the front and the 16-byte tag from the back, AES-256-GCM-decrypt, parse the JSON.
 */
export function openEnvelope<T = unknown>(envelope: unknown): T {
  if (typeof envelope !== 'string') throw new Error(`an envelope is a JSON string, got ${typeof envelope}`);
  const parts = envelope.split(':');
  if (parts.length !== 2) throw new Error('an envelope has exactly one ":"');
  const sealed = Buffer.from(parts[0] ?? '', 'base64');
  const key = Buffer.from(parts[1] ?? '', 'base64');
  if (key.length !== 32) throw new Error(`the key must be 32 bytes, got ${key.length}`);
  const iv = sealed.subarray(0, 12);
  const tag = sealed.subarray(sealed.length - 16);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  const plain = Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as T;
}
