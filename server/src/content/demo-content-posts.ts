/** A post of the demo blog: its title, its Markdown, and how many days before the seeding it came out. */
export interface DemoPost {
  title: string;
  daysAgo: number;
  markdown: string;
}

const NO_COOKIES = `Most analytics tools recognise a returning visitor by a cookie or by something kept in the browser's
storage. Footfall does neither, and the numbers on your dashboard are still right. Here is how.

## What the tracker sends

The snippet sends one small request per page view, custom event or engagement ping: the page's URL, the
referrer, the screen width and the browser's language. It stores **nothing** in the visitor's browser, so
there is nothing to consent to under cookie laws and no banner to show.

## How visitors are counted without an identifier

When an event arrives, the server computes a visitor id from:

1. a random salt that is replaced every day and kept only on the server,
2. your company,
3. the visitor's IP address and user agent.

These go through a one-way hash. The IP address itself is never stored, and once the day's salt is thrown
away, nobody (us included) can link today's visitor to yesterday's.

## What that means for your reports

- A person who visits on Monday and again on Tuesday counts as two visitors: the daily numbers are
  exact, the weekly ones are an upper bound.
- Visits end after 30 minutes without activity, like in most analytics tools.
- Countries come from an offline lookup of the IP address at the moment the event arrives.

> Privacy by design is not a setting you switch on: it is what the tool cannot do.

If your own visits should not count, open your site's console once and run
\`localStorage.footfall_ignore = "true"\`. That flag lives in *your* browser only.`;

const SOURCES_REPORT = `The **Sources** card answers one question: where did this visit come from? Every visit gets exactly
one source, taken from its first page view.

## How a source is chosen

| the first page view has… | the source is |
|---|---|
| a referrer from a known search engine or social network | its name: Google, Bing, DuckDuckGo, Reddit, Hacker News… |
| another referrer | its host, without \`www.\` |
| no referrer but a \`utm_source\` parameter | the value of \`utm_source\` |
| neither | Direct / None |

Links between pages of your own site are not a source: a visitor who moves from your home page to your
pricing page keeps the source they arrived with.

## Tagging your own campaigns

Newsletters, chat apps and many mobile apps send no referrer at all. Add UTM parameters to the links you
share, and those visits stop landing in *Direct / None*:

\`\`\`
https://example.com/launch?utm_source=newsletter&utm_medium=email&utm_campaign=spring
\`\`\`

The **UTM** breakdowns on the detail page then show each campaign apart.

## Reading the numbers

- Click a source to filter the whole dashboard by it: pages, countries and devices then describe only
  those visitors.
- Compare with the previous period to see whether a new link keeps sending people, or was a one-day spike.
- The **Referrers** table lists the exact pages that linked to you, such as \`news.ycombinator.com/item\`.`;

const SINGLE_PAGE_APPS = `A single-page app changes pages without loading a new document, so a tracker that only counts page
loads would see one page view per visit. Footfall's snippet handles this for you.

## The snippet

Paste it once, in the \`<head>\` of the page that hosts your app:

\`\`\`html
<script defer src="https://your-footfall-host/t.js" data-company="YOUR_TRACKING_KEY"></script>
\`\`\`

## What is tracked automatically

- the first page load,
- every navigation through \`history.pushState\` and \`history.replaceState\`,
- the browser's back and forward buttons (\`popstate\`).

Routers such as React Router, TanStack Router, Vue Router and the Angular router all navigate through the
history API, so there is nothing to add to your routes.

## Hash-based routers

If your URLs look like \`/#/settings\`, add \`data-hash\` to the script tag, and each change of the hash
counts as a page view.

## Custom events

Call \`window.footfall\` anywhere in your code, even before the script has loaded (calls wait in a queue):

\`\`\`js
window.footfall('signup', { props: { plan: 'starter' } });
\`\`\`

## Checking the installation

1. Open the **Test site** page of your dashboard and send a test page view.
2. Browse a few pages of your app.
3. Watch the events appear in the feed within a few seconds, each with the path your router set.

Page views from \`localhost\` are not sent unless the script tag has \`data-allow-localhost\`: add it while you
test on your machine, and leave it out in production.`;

/** The demo blog's posts, oldest first: real help for people trying Footfall. */
export const DEMO_POSTS: DemoPost[] = [
  { title: 'Why Footfall sets no cookies', daysAgo: 21, markdown: NO_COOKIES },
  { title: 'Reading your sources report', daysAgo: 10, markdown: SOURCES_REPORT },
  { title: 'Installing the snippet on a single-page app', daysAgo: 3, markdown: SINGLE_PAGE_APPS },
];
