import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { InstallationCheck } from '../test-site/installation-check';
import { Snippet } from '../test-site/snippet';
import { siteHost } from './site-card';

const route = getRouteApi('/_main/_authenticated/sites/$company_id/setup');

/** Checked this often while waiting: the first pageview should turn the check green within seconds. */
const WAITING_CHECK_MS = 3_000;
/** How long the green check stays before the dashboard opens by itself. */
const OPEN_AFTER_MS = 2_500;

/**
 * `/sites/{id}/setup`: the snippet, then a live check that waits for the first pageview from the site and
 * opens its dashboard by itself when it arrives (the test page's events never count). A new user's first
 * screen, and the last step of "Add a site".
 */
export default function SiteSetup() {
  const { company } = route.useLoaderData();
  const navigate = useNavigate();
  const [arrived, setArrived] = useState(false);
  const host = siteHost(company.website);

  useEffect(() => {
    document.title = `Set up · ${company.name} · Footfall`;
  }, [company.name]);

  useEffect(() => {
    if (!arrived) return;
    const timer = setTimeout(() => {
      void navigate({ to: '/dashboard/$company_id', params: { company_id: company.id } });
    }, OPEN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [arrived, company.id, navigate]);

  return (
    <div className="container site-setup">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/sites">Your sites</Link>
          </li>
          <li>{company.name}</li>
          <li aria-current="page">Set up</li>
        </ol>
      </nav>
      <h1>Set up {company.name}</h1>
      <ol className="steps" aria-label="Steps">
        <li>Your site</li>
        <li aria-current={arrived ? undefined : 'step'}>The snippet</li>
        <li aria-current={arrived ? 'step' : undefined}>The first pageview</li>
      </ol>
      {arrived ? (
        <div className="notice notice-success setup-done" role="status">
          <p>
            <strong>The first pageview{host ? ` from ${host}` : ''} is counted.</strong> Opening your
            dashboard…
          </p>
          <Link
            to="/dashboard/$company_id"
            params={{ company_id: company.id }}
            className="button button-primary"
          >
            Open the dashboard now
          </Link>
        </div>
      ) : (
        <p className="muted">
          Add the snippet to your site, then open any of its pages in a browser: this page turns green when
          the first pageview arrives{host ? ` from ${host}` : ''}, and opens your dashboard.
        </p>
      )}
      <div className="test-grid">
        <Snippet trackingKey={company.tracking_key} />
        <InstallationCheck
          companyId={company.id}
          title="2. Wait for the first pageview"
          everyMs={WAITING_CHECK_MS}
          onReceiving={() => setArrived(true)}
          waiting
        />
      </div>
      <p className="muted small">
        Want to see events before the snippet is live?{' '}
        <Link to="/test-site/$company_id" params={{ company_id: company.id }}>
          Try the test page
        </Link>{' '}
        (its events are test traffic and never count), or{' '}
        <Link to="/dashboard/$company_id" params={{ company_id: company.id }}>
          skip to the dashboard
        </Link>
        .
      </p>
    </div>
  );
}
