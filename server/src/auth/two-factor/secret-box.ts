import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Encrypts two-factor secrets at rest with AES-256-GCM under a key derived (HKDF) from the server secret,
 * so that a copy of the database alone does not give away anyone's codes. A stored value is
 * `v1.{iv}.{tag}.{ciphertext}` in base64url; the account it belongs to is bound in as associated data, so
 * a secret copied onto another account's row does not decrypt.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, '', 'footfall two-factor secrets', 32));
  }

  seal(plain: string, account: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(account));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
    return [VERSION, ...parts].join('.');
  }

  /** The plain text, or undefined when the value was not sealed by this key for this account. */
  open(sealed: string, account: string): string | undefined {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) {
      return undefined;
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(account));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      return plain.toString('utf8');
    } catch {
      return undefined;
    }
  }
}
