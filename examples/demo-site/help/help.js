// Lumen Notes' help center: a single-page app with hash routing (#/topic). Plain links change the hash; the
// app renders on `hashchange`. With `data-hash` on its script tag, Footfall counts each topic as a page.

const TOPICS = {
  '/': {
    title: 'How can we help?',
    body: `<p>Pick a topic on the left, or search the <a href="/docs.html">documentation</a>.</p>
      <div class="grid">
        <a class="card" href="#/getting-started"><h3>Getting started</h3><p>Your first note in a minute.</p></a>
        <a class="card" href="#/shortcuts"><h3>Shortcuts</h3><p>Every key, every platform.</p></a>
        <a class="card" href="#/billing"><h3>Billing</h3><p>Plans, invoices, refunds.</p></a>
      </div>
      <p class="muted">
        Still stuck? Read the <a href="/files/lumen-notes-product-sheet.pdf" download>product sheet (PDF)</a> or ask
        the <a href="https://github.com/topics/note-taking">community on GitHub</a>. This page's snippet has no
        data-outbound-links or data-file-downloads, so these two clicks are not reported.
      </p>`,
  },
  '/getting-started': {
    title: 'Getting started',
    body: `<ol>
        <li>Create an account on the <a href="/pricing.html#signup">pricing page</a>.</li>
        <li>Open the <a href="/app/">web app</a> and write your first note.</li>
        <li>Type <code>[[</code> to link it to another one.</li>
      </ol>`,
  },
  '/shortcuts': {
    title: 'Keyboard shortcuts',
    body: `<ul>
        <li><kbd>Ctrl</kbd> <kbd>N</kbd> new note</li>
        <li><kbd>Ctrl</kbd> <kbd>K</kbd> search</li>
        <li><kbd>Ctrl</kbd> <kbd>L</kbd> link to a note</li>
        <li><kbd>Ctrl</kbd> <kbd>\\</kbd> toggle the sidebar</li>
      </ul><p class="muted">On a Mac, use <kbd>⌘</kbd> instead of <kbd>Ctrl</kbd>.</p>`,
  },
  '/billing': {
    title: 'Billing',
    body: `<p>Plans are billed monthly or yearly; switching is prorated. Invoices are e-mailed and listed in
      <a href="/app/settings/billing">Settings → Billing</a>. Refunds within 30 days, no questions asked.</p>`,
  },
};

const view = document.getElementById('view');

function render() {
  const route = location.hash.replace(/^#/, '') || '/';
  const topic = TOPICS[route] ?? {
    title: 'Not found',
    body: '<p class="muted">No such topic. <a href="#/">Back to the overview</a></p>',
  };
  view.innerHTML = `<h1>${topic.title}</h1><div class="topic">${topic.body}</div>`;
  for (const link of document.querySelectorAll('.app-side a')) {
    link.classList.toggle('active', link.hash === `#${route}`);
  }
  document.title = `${topic.title} · Lumen Notes help`;
}

window.addEventListener('hashchange', render);
render();
