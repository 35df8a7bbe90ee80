import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { subscribe } from '../api/public-site';
import { http } from '../app/services';
import { email, required } from '../forms/rules';
import { useForm } from '../forms/use-form';
import { FormError, TextField } from './form-field';
import { LegalLinks } from './legal-links';

const schema = { email: [required(), email()] };

/** The footer: the newsletter form (where it is wanted), links, and the copyright line with this year. */
export function SiteFooter({ withSubscribe = true }: { withSubscribe?: boolean }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        {withSubscribe ? <SubscribeForm /> : null}
        <nav className="footer-links" aria-label="Footer">
          <Link to="/blogs">Blog</Link>
          <LegalLinks />
        </nav>
        <p className="muted small">© {new Date().getFullYear()} Footfall</p>
      </div>
    </footer>
  );
}

/** The newsletter form (`subscribe`): the server's answer replaces it once the address is in. */
function SubscribeForm() {
  const [done, setDone] = useState<string | undefined>();
  const form = useForm(schema, { email: '' });
  const submit = form.handleSubmit(async (values) => {
    const answer = await subscribe(http, { email: String(values.email).trim() });
    setDone(answer.message);
  });

  if (done) {
    return (
      <p className="subscribe-form notice notice-success" role="status">
        {done}
      </p>
    );
  }
  return (
    <form className="subscribe-form" noValidate onSubmit={submit} aria-labelledby="subscribe-heading">
      <h2 id="subscribe-heading" className="subscribe-heading">
        Get product news by e-mail
      </h2>
      <FormError message={form.formError} />
      <div className="subscribe-row">
        <TextField
          label="Newsletter email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...form.bind('email')}
        />
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          {form.submitting ? 'Subscribing…' : 'Subscribe'}
        </button>
      </div>
      <p className="muted small">A few e-mails a year. Every one has a link to stop them.</p>
    </form>
  );
}
