import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

const SERVER_SECRET = 'a server secret that is long enough for the test';

describe('SecretBox', () => {
  it('opens what it sealed for the same account, and the ciphertext differs each time', () => {
    const box = new SecretBox(SERVER_SECRET);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user:1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'user:1')).not.toBe(sealed);
    expect(box.open(sealed, 'user:1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another account, another server secret, a changed byte and garbage', () => {
    const box = new SecretBox(SERVER_SECRET);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user:1');
    expect(box.open(sealed, 'admin:1')).toBeUndefined();
    expect(new SecretBox(`${SERVER_SECRET}!`).open(sealed, 'user:1')).toBeUndefined();
    const [version, iv, tag, body = ''] = sealed.split('.');
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(box.open([version, iv, tag, flipped].join('.'), 'user:1')).toBeUndefined();
    for (const bad of ['', 'v1', 'v2.a.b.c', 'v1...', 'not.base64.at.all!']) {
      expect(box.open(bad, 'user:1')).toBeUndefined();
    }
  });
});
