import { useEffect } from 'react';
import { LegalPage, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    id: 'summary',
    title: 'In short',
    body: (
      <ul>
        <li>
          Footfall puts no cookies on the sites it measures and stores nothing in their visitors' browsers.
        </li>
        <li>It never stores an IP address. A visitor is a hashed id that changes every day.</li>
        <li>It keeps no profile of anyone across sites or across days.</li>
        <li>Account holders' data is used to run the service and nothing else; it is never sold.</li>
      </ul>
    ),
  },
  {
    id: 'visitors',
    title: 'Visitors of the sites we measure',
    body: (
      <>
        <p>
          When a site runs the Footfall script, each page view sends the page's address, the referring page,
          the screen width, the browser's language, and for custom events their name and properties. The
          script sets no cookies and writes nothing to local storage, session storage or any other store in
          the browser.
        </p>
        <p>
          On arrival, the server works out the browser, operating system, device type and country (from the IP
          address, with an offline database: no third party sees it). It then computes a visitor id as a hash
          of a salt, the site, the IP address and the user agent, and throws the IP address and the user agent
          away. Only the derived fields and the hash are written to disk.
        </p>
        <p>
          The salt is random, belongs to one site and one calendar day, and is deleted when that day ends. The
          same person visiting tomorrow gets a different id that cannot be linked to today's, so Footfall can
          count unique visitors for a day without being able to follow anyone over time.
        </p>
        <p>
          Visitors who send the Global Privacy Control signal are not counted. A site owner can exclude their
          own browser with <code>localStorage.footfall_ignore = "true"</code>.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long data is kept',
    body: (
      <>
        <p>
          Raw events are kept for the retention of the site's plan (365 days on the free plan, longer on paid
          plans) and then deleted. Daily totals computed from them (visitors, page views, top pages, sources)
          may be kept for as long as the account exists so that long-range charts still work; they hold no
          visitor id.
        </p>
        <p>
          Visitor salts are deleted at the end of each day. Automated traffic is counted per day as a number
          and not stored as events.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Account holders',
    body: (
      <>
        <p>
          To run an account we store your name, e-mail address, a hash of your password (never the password
          itself), your companies' settings, API keys as hashes, and a record of your sign-in sessions: the
          browser of each and the network it signed in from and was last used from, with that network's
          country, so you can spot one you do not recognise. Of an IP address only its network is kept (the
          last number of an IPv4 address is dropped; an IPv6 address keeps only its first 48 bits), which
          names a network and not a device. The dashboard keeps your sign-in token in a first-party cookie
          named <code>token</code>, and a <code>XSRF-TOKEN</code> cookie that protects your forms; both are
          strictly necessary and used for nothing else.
        </p>
        <p>
          We send you e-mail only for your account: verification, password resets, and, if you subscribe in
          the footer, product news, which every message lets you stop.
        </p>
      </>
    ),
  },
  {
    id: 'audit-log',
    title: 'Audit log',
    body: (
      <p>
        Every change to a company (its settings, members and roles, API keys, goals, shared links, imports,
        plan, deletion) and to an account (name, e-mail address, password, sign-in sessions) is recorded in an
        audit log: who made it, when, what changed, and the IP address it came from, truncated before it is
        stored (the last number of an IPv4 address is set to 0; an IPv6 address keeps only its first 48 bits),
        so it names a network and not a device. It never holds passwords, keys or tokens. A company's owners
        and admins read their company's log; the operator of this server reads all of it. Entries are deleted
        after one year, including those of a deleted company or account.
      </p>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <p>
        Paid plans are billed through our payment provider. Card details go straight to the provider and never
        reach our servers; we keep the plan, the amount and the date of each change.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <p>
        You can see and correct your account data in your profile, export your analytics from the dashboard,
        and delete a company (and all its analytics) at any time. For anything else, including a copy of what
        we hold about you, write to the operator of this Footfall server.
      </p>
    ),
  },
];

export default function PrivacyPolicy() {
  useEffect(() => {
    document.title = 'Privacy policy · Footfall';
  }, []);
  return (
    <LegalPage
      title="Privacy policy"
      updated="27 November 2026"
      intro={
        <p className="lead">
          Footfall measures websites without tracking people. This page says exactly what it stores, about
          whom, and for how long.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
