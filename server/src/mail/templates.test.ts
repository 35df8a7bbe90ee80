import { describe, expect, it } from 'vitest';
import { escapeHtml } from './layout.js';
import { emailChangedMail, passwordResetMail, verificationMail } from './templates.js';

const appUrl = 'https://stats.example.com';
const verifyLink = `${appUrl}/email/verify/7?expires=1795000000&signature=abc123`;
const resetLink = `${appUrl}/password/reset?token=t0ken&email=ann%40example.com`;
const hostileName = '<script>alert("hi")</script> & <b>Ann</b>';

function allMails(name: string) {
  return [
    verificationMail({ to: 'ann@example.com', name, link: verifyLink, appUrl }),
    passwordResetMail({ to: 'ann@example.com', name, link: resetLink, appUrl, isAdmin: false }),
    passwordResetMail({ to: 'ann@example.com', name, link: resetLink, appUrl, isAdmin: true }),
    emailChangedMail({ to: 'ann@example.com', name, link: verifyLink, appUrl }),
  ];
}

describe('mail templates', () => {
  it('escape HTML in names, so a script tag never appears raw in the HTML body', () => {
    for (const mail of allMails(hostileName)) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<b>Ann');
      expect(mail.html).toContain('Hi &lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &lt;b&gt;Ann');
    }
  });

  it('keep the name as written in the plain-text body, where it cannot be markup', () => {
    for (const mail of allMails(hostileName)) expect(mail.text).toContain(`Hi ${hostileName},`);
  });

  it('put the link in a button and as visible text, with its ampersands escaped in the HTML', () => {
    const mail = passwordResetMail({
      to: 'ann@example.com',
      name: 'Ann',
      link: resetLink,
      appUrl,
      isAdmin: false,
    });
    const escaped = escapeHtml(resetLink);
    expect(escaped).toContain('token=t0ken&amp;email=');
    expect(mail.html.split(`href="${escaped}"`)).toHaveLength(3);
    expect(mail.html).toContain(`>${escaped}</a>`);
    expect(mail.html).not.toContain(resetLink);
  });

  it('carry the recipient, the link and a text body that stands on its own without markup', () => {
    for (const mail of allMails('Ann')) {
      expect(mail.to).toBe('ann@example.com');
      expect(mail.text).toContain(`\n${mail.link}\n`);
      expect(mail.text).toMatch(/^Hi Ann,\n/);
      expect(mail.text).toContain(appUrl);
      expect(mail.text).not.toMatch(/<[a-z/]/i);
      expect(mail.html).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(mail.html).toContain('Footfall');
    }
  });

  it('greet without a name when the name is blank', () => {
    const mail = verificationMail({ to: 'ann@example.com', name: '  ', link: verifyLink, appUrl });
    expect(mail.text).toMatch(/^Hi,\n/);
    expect(mail.html).toContain('>Hi,</p>');
  });
});

describe('verificationMail', () => {
  it('asks to verify the address, says the link expires in 60 minutes and what to do without a sign-up', () => {
    const mail = verificationMail({ to: 'ann@example.com', name: 'Ann', link: verifyLink, appUrl });
    expect(mail.subject).toBe('Verify your email address');
    expect(mail.link).toBe(verifyLink);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('expires in 60 minutes');
      expect(body).toContain('If you did not sign up for Footfall, you can ignore this email');
    }
  });
});

describe('passwordResetMail', () => {
  it('says the link expires in 60 minutes, works once and can be ignored by someone who did not ask', () => {
    const mail = passwordResetMail({
      to: 'ann@example.com',
      name: 'Ann',
      link: resetLink,
      appUrl,
      isAdmin: false,
    });
    expect(mail.subject).toBe('Reset your password');
    expect(mail.link).toBe(resetLink);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('expires in 60 minutes');
      expect(body).toContain('works only once');
      expect(body).toContain('If you did not ask for this, you can ignore this email');
    }
  });

  it('names the admin account in the subject and body of an admin reset', () => {
    const mail = passwordResetMail({
      to: 'root@example.com',
      name: 'Root',
      link: resetLink,
      appUrl,
      isAdmin: true,
    });
    expect(mail.subject).toBe('Reset your Footfall admin password');
    expect(mail.text).toContain('Footfall admin account');
    const user = passwordResetMail({
      to: 'ann@example.com',
      name: 'Ann',
      link: resetLink,
      appUrl,
      isAdmin: false,
    });
    expect(user.text).not.toContain('admin');
  });
});

describe('emailChangedMail', () => {
  it('asks to confirm the new address and says what to do about a change nobody made', () => {
    const mail = emailChangedMail({ to: 'new@example.com', name: 'Ann', link: verifyLink, appUrl });
    expect(mail.subject).toBe('Confirm your new email address');
    expect(mail.link).toBe(verifyLink);
    expect(mail.text).toContain('was changed to new@example.com');
    expect(mail.text).toContain('expires in 60 minutes');
    expect(mail.text).toContain('If you did not make this change');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that are significant in HTML text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml('plain text')).toBe('plain text');
  });
});
