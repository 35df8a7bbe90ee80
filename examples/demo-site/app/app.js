// Lumen Notes' web app: a tiny single-page app with History API routing, and no framework. It knows nothing
// about Footfall except one custom event; the tracker counts its page views by watching the history.
//
//   /app/                    all notes; the search box keeps its text in ?q= with replaceState (same page)
//   /app/notes/:id           one note (links use pushState: a new history entry, a new page view)
//   /app/settings            redirects to /app/settings/profile with replaceState (another page: a page view)
//   /app/settings/:tab       tabs switch with replaceState (no history entry, but a new page: a page view)

const NOTES = [
  {
    id: 1,
    title: 'Quarterly planning',
    edited: '2 minutes ago',
    body: 'Goals for the quarter: ship offline sync, halve the time to first note, and start the Team plan.',
  },
  {
    id: 2,
    title: 'Interview: Dana, product lead',
    edited: 'yesterday',
    body: 'Onboarding takes too long. Dana wants templates for meeting notes and a faster way to share.',
  },
  {
    id: 3,
    title: 'Reading list',
    edited: 'last week',
    body: '“Local-first software”, “The Zettelkasten method”, and the SQLite documentation on WAL mode.',
  },
];

const TABS = { profile: 'Profile', billing: 'Billing', privacy: 'Privacy' };

const view = document.getElementById('view');

function escapeHtml(text) {
  return String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}

function navigate(path) {
  history.pushState({}, '', path);
  render();
}

/** The list items of the notes whose title contains `query`, or a line saying none does. */
function noteItems(query) {
  const matches = NOTES.filter((note) => note.title.toLowerCase().includes(query.toLowerCase()));
  const items = matches.map(
    (note) =>
      `<li><a href="/app/notes/${note.id}" data-route><strong>${escapeHtml(note.title)}</strong><br><small>Edited ${escapeHtml(note.edited)}</small></a></li>`,
  );
  return items.join('') || '<li class="muted">No note matches.</li>';
}

function notesView() {
  const query = new URLSearchParams(location.search).get('q') ?? '';
  view.innerHTML = `
    <h1>All notes</h1>
    <p class="muted">${NOTES.length} notes, synced a moment ago.</p>
    <div class="toolbar">
      <input id="search" type="search" placeholder="Filter notes by title" value="${escapeHtml(query)}" aria-label="Filter notes">
    </div>
    <ul class="note-list">${noteItems(query)}</ul>`;
  const search = document.getElementById('search');
  search.addEventListener('input', () => {
    // Same page, new query: replaceState, so typing adds no history entries (and no page views).
    const url = new URL(location.href);
    if (search.value) url.searchParams.set('q', search.value);
    else url.searchParams.delete('q');
    history.replaceState(history.state, '', url);
    view.querySelector('.note-list').innerHTML = noteItems(search.value);
  });
}

function noteView(id) {
  const note = NOTES.find((candidate) => candidate.id === id);
  if (!note) return notFoundView();
  view.innerHTML = `
    <p><a href="/app/" data-route>← All notes</a></p>
    <h1>${escapeHtml(note.title)}</h1>
    <p class="muted">Edited ${escapeHtml(note.edited)}</p>
    <div class="card"><p>${escapeHtml(note.body)}</p></div>`;
}

function settingsView(tab) {
  const tabs = Object.entries(TABS)
    .map(
      ([key, label]) =>
        `<a href="/app/settings/${key}" data-tab class="${key === tab ? 'active' : ''}">${label}</a>`,
    )
    .join('');
  const panels = {
    profile: '<label class="form">Display name <input value="Sam Rivera"></label>',
    billing: '<p>You are on the <strong>Pro</strong> plan, billed yearly. Next invoice: in 11 months.</p>',
    privacy:
      '<p>Your notes are end-to-end encrypted. This app counts page views with Footfall, cookie-free.</p>',
  };
  view.innerHTML = `<h1>Settings</h1><nav class="tabs">${tabs}</nav><div class="card">${panels[tab]}</div>`;
}

function notFoundView() {
  view.innerHTML =
    '<h1>Not found</h1><p class="muted">No such view. <a href="/app/" data-route>All notes</a></p>';
}

function render() {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  const note = /^\/app\/notes\/(\d+)$/.exec(path);
  const tab = /^\/app\/settings\/(\w+)$/.exec(path);
  if (path === '/app') notesView();
  else if (note) noteView(Number(note[1]));
  else if (path === '/app/settings') {
    // A redirect to the default tab: replaceState, since /app/settings itself should not stay in the history.
    history.replaceState(history.state, '', '/app/settings/profile');
    settingsView('profile');
  } else if (tab && tab[1] in TABS) settingsView(tab[1]);
  else notFoundView();
  for (const link of document.querySelectorAll('.app-side a')) {
    link.classList.toggle('active', link.pathname === path || link.pathname === `${path}/`);
  }
  document.title = `${view.querySelector('h1')?.textContent ?? 'Lumen Notes'} · Lumen Notes`;
}

document.addEventListener('click', (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return;
  const link = event.target.closest('a[data-route], a[data-tab]');
  if (!link) return;
  event.preventDefault();
  if (link.hasAttribute('data-tab')) {
    // Tabs replace the current entry: Back leaves the settings rather than stepping through tabs.
    history.replaceState(history.state, '', link.pathname);
    render();
  } else if (link.pathname !== location.pathname) {
    navigate(link.pathname);
  }
});

window.addEventListener('popstate', render);

document.getElementById('new-note').addEventListener('click', () => {
  // A custom event with properties, sent from the app's own code. window.footfall exists once t.js has run,
  // whether or not the visit is tracked, so calling it never throws.
  window.footfall?.('Note created', { props: { template: 'meeting', words: 120, pinned: true } });
  const toast = document.createElement('div');
  toast.className = 'toast';
  toast.textContent = 'New note created (not really: this is a demo).';
  document.body.append(toast);
  setTimeout(() => toast.remove(), 2500);
});

render();
