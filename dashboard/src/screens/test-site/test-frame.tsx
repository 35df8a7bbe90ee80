import { AUTOMATED_USER_AGENT } from '@footfall/contract/constants';
import { type RefObject, useEffect, useRef, useState } from 'react';

/** What the test page posts when its height changes (public/test-site-frame.js). */
const HEIGHT_MESSAGE = 'footfall:test-frame-height';
/** The frame's height bounds, in CSS pixels: the page's own height, within reason. */
const MIN_HEIGHT = 240;
const MAX_HEIGHT = 900;
/** The frame's top and bottom borders (`.test-frame`; boxes are sized border-box). */
const BORDERS = 2;

/** The height the test page asks for, from its own messages only. */
function useFrameHeight(frame: RefObject<HTMLIFrameElement | null>): number | undefined {
  const [height, setHeight] = useState<number | undefined>();
  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: unknown; height?: unknown } | null;
      if (data?.type !== HEIGHT_MESSAGE || typeof data.height !== 'number' || !Number.isFinite(data.height))
        return;
      setHeight(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(data.height) + BORDERS)));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame]);
  return height;
}

/** Whether ingestion drops this user agent's events as a bot's: empty, or a headless browser or test driver. */
const isAutomated = (userAgent: string) => userAgent.trim() === '' || AUTOMATED_USER_AGENT.test(userAgent);

/**
 * The live test page: a page of this server that loads the real `/t.js` with the company's key. Its events
 * are test traffic (the page points the tracker at the test endpoint): the feed shows them, no figure counts
 * them, and the allowed domains do not apply to them.
 */
export function TestFrame({ trackingKey }: { trackingKey: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const height = useFrameHeight(frame);
  return (
    <section className="panel" aria-labelledby="frame-title">
      <header className="panel-head">
        <h2 id="frame-title">3. Try it here</h2>
      </header>
      <p className="muted">
        The page below runs the real tracker with your key. Press its buttons and watch the events arrive in
        the feed. They are test traffic, marked <strong>Test</strong> there: they count in none of your
        statistics, usage or quota.
      </p>
      {isAutomated(navigator.userAgent) ? (
        <p className="notice notice-warning" role="note">
          This browser says it is automated (its user agent names a headless browser or a test driver).
          Footfall drops such a browser's events as a bot's: each is answered 202 but none is stored, so none
          reaches the feed. Open this page in an everyday browser to see your events arrive.
        </p>
      ) : null}
      <iframe
        ref={frame}
        className="test-frame"
        title="Footfall test page"
        src={`/test-site-frame.html?key=${encodeURIComponent(trackingKey)}`}
        style={height ? { height } : undefined}
        // Scripts and same-origin requests for the tracker; popups for the outbound link.
        sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      />
    </section>
  );
}
