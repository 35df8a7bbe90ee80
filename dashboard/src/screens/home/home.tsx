import { Await, getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import type { Health } from '../api/health';
import { authStore } from '../app/services';

const route = getRouteApi('/_main/home');

const FEATURES = [
  { title: 'One script tag', text: 'Paste a single line into your site. Under 1 KB, no setup beyond it.' },
  { title: 'No cookies', text: 'Visitors are counted with daily-salted hashes, never stored identifiers.' },
  { title: 'Your server', text: 'Run it on SQLite out of the box, or PostgreSQL when traffic grows.' },
];

export default function HomePage() {
  const { health } = route.useLoaderData();

  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <p className="eyebrow">Privacy-friendly visitor analytics</p>
          <h1>Footfall</h1>
          <p className="lead">
            See who visits your site without spying on them. Footfall counts visitors, sources, pages and
            custom events with one small script and no cookies, and shows them on a dashboard you host
            yourself — so your numbers, and your visitors' privacy, stay on your own server.
          </p>
          <HeroActions />
          <Await promise={health} fallback={<ServerStatus health={undefined} />}>
            {(answer) => <ServerStatus health={answer} />}
          </Await>
        </div>
      </section>
      <section className="container features" aria-label="Highlights">
        {FEATURES.map((feature) => (
          <article key={feature.title} className="card">
            <h2>{feature.title}</h2>
            <p className="muted">{feature.text}</p>
          </article>
        ))}
      </section>
    </>
  );
}

/** Sign-up and sign-in, or, for a signed-in user, the way to their dashboard. */
function HeroActions() {
  const company = useSelector(authStore, (state) => state.user?.companies[0]);
  if (company) {
    return (
      <div className="actions">
        <Link
          to="/dashboard/$company_id"
          params={{ company_id: company.id }}
          className="button button-primary button-large"
        >
          Open your dashboard
        </Link>
      </div>
    );
  }
  return (
    <div className="actions">
      <Link to="/session/sign-up" className="button button-primary button-large">
        Sign up free
      </Link>
      <Link to="/session/sign-in/{-$user_id}" params={{}} className="button button-large">
        Sign in
      </Link>
    </div>
  );
}

/** `undefined` while the check runs, `null` when the server did not answer. */
function ServerStatus({ health }: { health: Health | null | undefined }) {
  if (health === undefined) return <p className="server-status muted small">Checking server…</p>;
  if (health === null) return <p className="server-status muted small">Server not reachable</p>;
  return (
    <p className="server-status is-up muted small">
      Server online · version <span className="mono">{health.version}</span>
    </p>
  );
}
