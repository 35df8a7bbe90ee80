// The dashboard's test page (the test-site screen frames it): loads the real tracker for the tracking key
// in its query string and sends one event per button. It runs on the dashboard's own host, so the tracker
// is told to allow development hosts and automated browsers (data-allow-localhost).
(() => {
  const key = new URLSearchParams(location.search).get('key') ?? '';
  const status = document.getElementById('status');
  const log = document.getElementById('log');
  /** The log shows the latest sends only: the feed beside the page keeps the full story. */
  const LOG_LENGTH = 5;
  let step = 1;
  let events = 0;

  function note(text) {
    const item = document.createElement('li');
    item.textContent = `${new Date().toLocaleTimeString()} · ${text}`;
    log.prepend(item);
    while (log.children.length > LOG_LENGTH) log.lastElementChild.remove();
  }

  // The screen around this page sizes the frame to it (test-frame.tsx), so nothing hides behind a scrollbar
  // on a narrow screen, where the buttons stack.
  if (window.parent !== window && 'ResizeObserver' in window) {
    const tell = () =>
      window.parent.postMessage(
        {
          type: 'footfall:test-frame-height',
          height: Math.ceil(document.body.getBoundingClientRect().height),
        },
        location.origin,
      );
    new ResizeObserver(tell).observe(document.body);
  }

  if (!/^[A-Za-z0-9_-]{1,64}$/.test(key)) {
    status.textContent = 'This page needs a tracking key: open it from the test-site screen.';
    for (const control of document.querySelectorAll('button, a'))
      control.setAttribute('aria-disabled', 'true');
    return;
  }

  // The queue stub of the tracker's README: calls made before t.js has loaded are replayed by it.
  window.footfall =
    window.footfall ||
    function queue(...args) {
      window.footfall.q = window.footfall.q || [];
      window.footfall.q.push(args);
    };

  const tracker = document.createElement('script');
  tracker.defer = true;
  tracker.src = '/t.js';
  tracker.dataset.company = key;
  // Test traffic goes to its own endpoint: the server keeps it apart and counts it in no figure, while the
  // feed beside this page still shows it.
  tracker.dataset.api = '/api/test-site/events';
  tracker.setAttribute('data-allow-localhost', '');
  tracker.setAttribute('data-outbound-links', '');
  tracker.addEventListener('load', () => {
    status.textContent = 'Tracker loaded: the first pageview of this page has been sent.';
    note('pageview (page load)');
  });
  tracker.addEventListener('error', () => {
    status.textContent = 'The tracker (/t.js) could not be loaded. Is the server running?';
  });
  document.head.append(tracker);

  document.getElementById('send-pageview').addEventListener('click', () => {
    step += 1;
    // A pushState is a navigation to the tracker, so it sends a pageview of the new URL.
    history.pushState({ step }, '', `?key=${encodeURIComponent(key)}&step=${step}`);
    note(`pageview (step ${step})`);
  });

  document.getElementById('send-event').addEventListener('click', () => {
    events += 1;
    window.footfall('test_event', { props: { source: 'test-site', clicks: events, plan: 'trial' } });
    note(`custom event test_event (clicks: ${events})`);
  });

  document.getElementById('outbound-link').addEventListener('click', () => {
    note('outbound link click (Outbound Link: Click)');
  });
})();
