/**
 * Decoding of the response envelope (docs/api.md "Conventions"): a few answers arrive as the JSON string
 * `"<base64(iv ‖ ciphertext ‖ tag)>:<base64(key)>"`, AES-256-GCM with the key sent alongside.
 * That makes it obfuscation, not security (TLS is the security); it is kept because the original
 * clients expect it. WebCrypto is used so the same code runs in browsers and in Node 20+.
 */

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

// Standard alphabet with padding, as the server writes it; the base64url alphabet is refused so a
// mismatch between the two sides shows up as a clear error instead of a failed tag check.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const ENVELOPE_SHAPE = /^[A-Za-z0-9+/]+={0,2}:[A-Za-z0-9+/]+={0,2}$/;

/**
 * Tells an envelope from a plain JSON answer by its shape alone. It is deliberately lenient about
 * lengths, so a damaged envelope still goes to `decodeEnvelope` and fails there with a clear reason.
 */
export function isEnvelope(value: unknown): value is string {
  return typeof value === 'string' && ENVELOPE_SHAPE.test(value);
}

/** Decrypts an envelope and parses the JSON inside it; throws a descriptive Error when it is malformed. */
export async function decodeEnvelope<T>(envelope: string): Promise<T> {
  const { payload, rawKey } = splitEnvelope(envelope);
  const key = await crypto.subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['decrypt']);

  let plaintext: ArrayBuffer;
  try {
    // WebCrypto expects the tag at the end of the ciphertext, which is where the envelope puts it.
    plaintext = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: payload.subarray(0, IV_BYTES), tagLength: TAG_BYTES * 8 },
      key,
      payload.subarray(IV_BYTES),
    );
  } catch (cause) {
    throw new Error('Envelope failed authentication: the ciphertext, tag, iv or key was altered', { cause });
  }

  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext)) as T;
  } catch (cause) {
    throw new Error('Envelope decrypted, but its content is not UTF-8 JSON', { cause });
  }
}

interface EnvelopeParts {
  /** iv ‖ ciphertext ‖ tag */
  payload: Uint8Array<ArrayBuffer>;
  rawKey: Uint8Array<ArrayBuffer>;
}

function splitEnvelope(envelope: string): EnvelopeParts {
  if (typeof envelope !== 'string') throw new Error('Malformed envelope: expected a string');
  const parts = envelope.split(':');
  if (parts.length !== 2) {
    throw new Error(
      `Malformed envelope: expected one ":" between payload and key, found ${parts.length - 1}`,
    );
  }
  const [encodedPayload = '', encodedKey = ''] = parts;
  const payload = decodeBase64(encodedPayload, 'payload');
  const rawKey = decodeBase64(encodedKey, 'key');
  if (rawKey.length !== KEY_BYTES) {
    throw new Error(`Malformed envelope: the key must be ${KEY_BYTES} bytes, got ${rawKey.length}`);
  }
  if (payload.length < IV_BYTES + TAG_BYTES) {
    throw new Error(`Malformed envelope: the payload is ${payload.length} bytes, too short for iv and tag`);
  }
  return { payload, rawKey };
}

function decodeBase64(text: string, part: string): Uint8Array<ArrayBuffer> {
  if (text === '' || !BASE64.test(text)) throw new Error(`Malformed envelope: the ${part} is not base64`);
  // atob yields one char per byte (a "binary string"), so charCodeAt gives the bytes back.
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
