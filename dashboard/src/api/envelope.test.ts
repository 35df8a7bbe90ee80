import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealEnvelope as seal } from '../../test/support/scripted-server';
import { decodeEnvelope, isEnvelope } from './envelope';

// Sealed with node:crypto exactly as docs/api.md "Conventions" describes the server's side, so these tests check the
// WebCrypto decoder against an independent implementation rather than against itself.
function flipByte(envelope: string, index: (payloadLength: number) => number): string {
  const [payload = '', key = ''] = envelope.split(':');
  const bytes = Buffer.from(payload, 'base64');
  const at = index(bytes.length);
  bytes[at] = (bytes[at] ?? 0) ^ 0x01;
  return `${bytes.toString('base64')}:${key}`;
}

describe('decodeEnvelope', () => {
  it('returns the answer that was sealed, for ASCII JSON', async () => {
    const answer = { id: 7, name: 'Ada', email: 'ada@example.com', companies: [{ id: 1, role: 'owner' }] };
    await expect(decodeEnvelope(seal(answer))).resolves.toEqual(answer);
  });

  it('returns the answer that was sealed, for non-ASCII JSON', async () => {
    const answer = { name: 'Zoë Ødegård', city: '東京', note: 'naïve café 🚶‍♀️👣', rtl: 'مرحبا' };
    await expect(decodeEnvelope(seal(answer))).resolves.toEqual(answer);
  });

  it('returns JSON scalars and empty values unchanged', async () => {
    await expect(decodeEnvelope(seal(null))).resolves.toBeNull();
    await expect(decodeEnvelope(seal(''))).resolves.toBe('');
    await expect(decodeEnvelope(seal([]))).resolves.toEqual([]);
  });

  it('rejects an envelope whose ciphertext was tampered with', async () => {
    const tampered = flipByte(seal({ ok: true }), () => 12);
    await expect(decodeEnvelope(tampered)).rejects.toThrow(/failed authentication/);
  });

  it('rejects an envelope whose tag was tampered with', async () => {
    const tampered = flipByte(seal({ ok: true }), (length) => length - 1);
    await expect(decodeEnvelope(tampered)).rejects.toThrow(/failed authentication/);
  });

  it('rejects an envelope decrypted with another key', async () => {
    const [payload] = seal({ ok: true }).split(':');
    await expect(decodeEnvelope(`${payload}:${randomBytes(32).toString('base64')}`)).rejects.toThrow(
      /failed authentication/,
    );
  });

  it('rejects a string without a colon', async () => {
    await expect(decodeEnvelope('bm90IGFuIGVudmVsb3Bl')).rejects.toThrow(/expected one ":"/);
  });

  it('rejects a string with more than one colon', async () => {
    await expect(decodeEnvelope(`${seal({ ok: true })}:AAAA`)).rejects.toThrow(/expected one ":"/);
  });

  it('rejects a key that is not 32 bytes', async () => {
    const [payload] = seal({ ok: true }).split(':');
    await expect(decodeEnvelope(`${payload}:${randomBytes(16).toString('base64')}`)).rejects.toThrow(
      /key must be 32 bytes, got 16/,
    );
  });

  it('rejects parts that are not standard base64', async () => {
    const [payload = '', key = ''] = seal({ ok: true }).split(':');
    await expect(decodeEnvelope(`${payload}:${key.replace(/=+$/, '')}`)).rejects.toThrow(/key is not base64/);
    await expect(decodeEnvelope(`not base64!:${key}`)).rejects.toThrow(/payload is not base64/);
    await expect(decodeEnvelope(`:${key}`)).rejects.toThrow(/payload is not base64/);
  });

  it('rejects a payload too short to hold an iv and a tag', async () => {
    const key = randomBytes(32).toString('base64');
    await expect(decodeEnvelope(`${randomBytes(20).toString('base64')}:${key}`)).rejects.toThrow(/too short/);
  });
});

describe('isEnvelope', () => {
  it('accepts a sealed envelope', () => {
    expect(isEnvelope(seal({ ok: true }))).toBe(true);
  });

  it('refuses plain JSON answers and other strings', () => {
    for (const value of [{ data: 'x' }, ['a:b'], null, 42, '', 'hello', 'a:b:c', 'Server Error', 'abc:']) {
      expect(isEnvelope(value)).toBe(false);
    }
  });
});
