import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LegalPage, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    id: 'service',
    title: 'The service',
    body: (
      <p>
        Footfall provides website analytics: a tracking script for your sites, a dashboard of the visits it
        records, a stats API, and a public directory where companies may list themselves. These terms apply to
        everyone who creates an account on this Footfall server.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>
          Give a real e-mail address and keep your password to yourself; you are responsible for what is done
          with your account.
        </li>
        <li>You may add the script only to sites you own or are allowed to measure.</li>
        <li>
          API keys are secrets: anyone holding one can read that company's analytics. Revoke a key you no
          longer use.
        </li>
      </ul>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <p>
        Do not send events you did not collect from real visits of your own sites, try to reach other
        companies' data, overload the service on purpose, or use a directory listing for anything unlawful or
        misleading. Accounts or companies that do may be suspended; we will tell you why.
      </p>
    ),
  },
  {
    id: 'plans-and-billing',
    title: 'Plans and billing',
    body: (
      <>
        <p>
          Each company is on a plan with a monthly quota of events and stats-API calls and a retention period.
          When a company reaches its events quota, new events are refused until the next month or an upgrade;
          nothing already stored is lost.
        </p>
        <p>
          Paid plans are charged in advance for a month. A change of plan applies at once. You can move back
          to the free plan at any time from the plans page.
        </p>
      </>
    ),
  },
  {
    id: 'your-data',
    title: 'Your data',
    body: (
      <p>
        The analytics of your sites are yours. We process them only to provide the service, as the{' '}
        <Link to="/privacy-policy">privacy policy</Link> describes, and delete them when you delete the
        company or when they pass your plan's retention.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Availability and liability',
    body: (
      <p>
        We work to keep the service available and your data safe, but provide it as it is. Analytics are
        estimates: ad blockers, privacy settings and bots mean no tool counts every visit. We are not liable
        for losses that come from relying on them beyond what the law requires.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        When these terms change in a way that matters, we will e-mail account holders at least 30 days before
        the change applies.
      </p>
    ),
  },
];

export default function TermsAndConditions() {
  useEffect(() => {
    document.title = 'Terms and conditions · Footfall';
  }, []);
  return (
    <LegalPage
      title="Terms and conditions"
      updated="24 November 2026"
      intro={<p className="lead">The rules for using Footfall, in plain words.</p>}
      sections={SECTIONS}
    />
  );
}
