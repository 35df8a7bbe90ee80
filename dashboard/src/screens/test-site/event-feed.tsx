import type { RecentEvent } from '@footfall/contract';
import { countryName, formatClock, formatDuration } from '@footfall/contract/format';
import { useState } from 'react';
import { getRecentEvents } from '../../api/test-site';
import { http } from '../../app/services';
import { Breakable } from '../../components/breakable';
import { usePolling } from '../../lib/hooks/use-polling';

/** New events show within this long of being stored. */
export const FEED_REFRESH_MS = 2000;
const KEEP = 100;

const TYPE_LABELS: Record<RecentEvent['type'], string> = {
  pageview: 'Pageview',
  event: 'Event',
  engagement: 'Engagement',
};

/**
 * The company's events as the server stored them, newest first, arriving within seconds: its site's, and
 * the test page's own, marked Test (those count in no figure).
 */
export function EventFeed({ companyId }: { companyId: number }) {
  const [events, setEvents] = useState<RecentEvent[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [paused, setPaused] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  usePolling(
    async (signal) => {
      try {
        const answer = await getRecentEvents(
          http,
          companyId,
          { after: cursor ?? undefined, limit: 50 },
          { background: true, signal },
        );
        setProblem(undefined);
        if (answer.meta.cursor) setCursor(answer.meta.cursor);
        if (answer.data.length > 0) setEvents((current) => [...answer.data, ...current].slice(0, KEEP));
      } catch (error) {
        if (!signal.aborted)
          setProblem(error instanceof Error ? error.message : 'The feed could not be read.');
      }
    },
    FEED_REFRESH_MS,
    !paused,
  );

  return (
    <section className="panel feed" aria-labelledby="feed-title">
      <header className="panel-head">
        <h2 id="feed-title">4. Events as stored</h2>
        <div className="feed-controls">
          <span className={paused ? 'badge' : 'badge badge-good'}>{paused ? 'Paused' : 'Live'}</span>
          <button type="button" className="button button-small" onClick={() => setPaused((value) => !value)}>
            {paused ? 'Resume' : 'Pause'}
          </button>
        </div>
      </header>
      {problem ? (
        <p className="field-error" role="status">
          {problem} Retrying…
        </p>
      ) : null}
      {events.length === 0 ? (
        <p className="muted" role="status">
          Waiting for events… Press a button on the test page, or open your site with the snippet installed.
        </p>
      ) : (
        <ol className="feed-list" aria-live="polite" aria-relevant="additions" data-testid="event-feed">
          {events.map((event) => (
            <FeedItem key={event.id} event={event} />
          ))}
        </ol>
      )}
    </section>
  );
}

function FeedItem({ event }: { event: RecentEvent }) {
  const { visit } = event;
  const country = visit.country ? countryName(visit.country) : 'Unknown country';
  return (
    <li className={`feed-item feed-${event.type}`} data-type={event.type} data-test={event.test}>
      <div className="feed-line">
        <span className="badge badge-accent">{TYPE_LABELS[event.type]}</span>
        {event.test ? (
          <span className="badge" title="Sent from the test page: shown here only, counted in no figure">
            Test
          </span>
        ) : null}
        {event.name ? (
          <strong className="feed-name">
            <Breakable text={event.name} />
          </strong>
        ) : null}
        <span className="mono feed-path">
          <Breakable text={`${event.hostname}${event.pathname}`} />
        </span>
        <time className="muted small" dateTime={event.timestamp}>
          {formatClock(event.timestamp)}
        </time>
      </div>
      <div className="feed-meta muted small">
        <Breakable text={visit.source} /> ·{' '}
        {[visit.browser, visit.os].filter(Boolean).join(' on ') || 'Unknown browser'} · {visit.device} ·{' '}
        {country}
        {event.type === 'engagement'
          ? ` · engaged ${formatDuration((event.engaged_ms ?? 0) / 1000)}, scrolled ${event.scroll_depth ?? 0}%`
          : ''}
      </div>
      {event.props && Object.keys(event.props).length > 0 ? (
        <ul className="props" aria-label="Properties">
          {Object.entries(event.props).map(([name, value]) => (
            <li key={name} className="prop">
              <span className="muted">
                <Breakable text={name} />
              </span>{' '}
              <Breakable text={String(value)} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
