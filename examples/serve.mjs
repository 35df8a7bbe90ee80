#!/usr/bin/env node
// Serves the demo site (examples/demo-site) the way a customer's web server would, with the Footfall server's
// URL and a company's tracking key filled into its pages. No dependencies: node:http only.
//
//   node examples/serve.mjs [--port 8080] [--host localhost] [--server http://localhost:3000] [--company KEY]
//
// The key comes from --company, else FOOTFALL_COMPANY, else DATA_DIR/demo-tracking-key (DATA_DIR defaults to
// ./data, as for the server), the file the server writes when it seeds its demo company.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const SITE = fileURLToPath(new URL('./demo-site/', import.meta.url));

/** Single-page apps: any path under the prefix that is not a file gets the app's index.html. */
const SPA_PREFIXES = ['/app/', '/help/'];

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const USAGE = `Usage: node examples/serve.mjs [options]

Serves the Footfall demo site with the snippet pointing at a running Footfall server.

Options:
  --port PORT       port to listen on (default 8080; 0 picks a free one)
  --host HOST       address to listen on (default localhost)
  --server URL      the Footfall server (default http://localhost:3000)
  --company KEY     the tracking key of the company to track (default: $FOOTFALL_COMPANY, else the key in
                    $DATA_DIR/demo-tracking-key, which the server writes when it seeds its demo company)
  -h, --help        this help
`;

function fail(message) {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
}

let options;
try {
  options = parseArgs({
    options: {
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: 'localhost' },
      server: { type: 'string', default: 'http://localhost:3000' },
      company: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  }).values;
} catch (error) {
  fail(error.message);
}
if (options.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

const port = Number(options.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port: not a port number: ${options.port}`);
let serverUrl;
try {
  serverUrl = new URL(options.server);
  if (serverUrl.protocol !== 'http:' && serverUrl.protocol !== 'https:') throw new Error('not http(s)');
} catch {
  fail(`--server: not an http(s) URL: ${options.server}`);
}
/** The server's origin and path prefix, without a trailing slash: `${server}/t.js`. */
const server = serverUrl.href.replace(/\/+$/, '');

const keyFile = resolve(process.env.DATA_DIR || './data', 'demo-tracking-key');
/**
 * The tracking key. Without --company, it is read from the key file on every page request until found, so the
 * demo may be started before the server has seeded its company.
 */
let trackingKey = options.company || process.env.FOOTFALL_COMPANY || undefined;
function readKeyFile() {
  try {
    return readFileSync(keyFile, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
function currentKey() {
  trackingKey ??= readKeyFile();
  return trackingKey;
}

const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The page with the placeholders filled in. */
function fillIn(html) {
  return html
    .replaceAll('{{FOOTFALL_SERVER}}', escapeAttribute(server))
    .replaceAll('{{FOOTFALL_COMPANY}}', escapeAttribute(currentKey() ?? ''));
}

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The file that answers `pathname`, or undefined: exact files, `dir/` → index.html, `/x` → x.html, SPAs. */
function resolveFile(pathname) {
  // Stay inside the site: normalize, then refuse anything that climbs out of it.
  const relative = normalize(pathname).replace(/^([/\\])+/, '');
  const path = join(SITE, relative);
  if (path !== SITE.replace(/[/\\]$/, '') && !path.startsWith(SITE)) return undefined;
  if (relative.split(sep).some((part) => part.startsWith('.'))) return undefined;
  if (isFile(path)) return path;
  if (isFile(join(path, 'index.html'))) {
    return pathname.endsWith('/') ? join(path, 'index.html') : { redirect: `${pathname}/` };
  }
  if (isFile(`${path}.html`)) return `${path}.html`;
  const spa = SPA_PREFIXES.find((prefix) => `${pathname}/`.startsWith(prefix));
  if (spa && !extname(pathname)) return join(SITE, spa, 'index.html');
  return undefined;
}

function send(response, status, type, body, extra = {}) {
  response.writeHead(status, {
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-cache',
    ...extra,
  });
  response.end(response.req.method === 'HEAD' ? undefined : body);
}

if (!existsSync(join(SITE, 'index.html'))) fail(`The demo site is missing: ${SITE}`);

const http = createServer((request, response) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    send(response, 405, 'text/plain; charset=utf-8', 'Method not allowed\n', { allow: 'GET, HEAD' });
    return;
  }
  let pathname;
  let search;
  try {
    const url = new URL(request.url ?? '/', 'http://demo.invalid');
    pathname = decodeURIComponent(url.pathname);
    search = url.search;
  } catch {
    send(response, 400, 'text/plain; charset=utf-8', 'Bad request\n');
    return;
  }
  const found = resolveFile(pathname);
  if (found && typeof found === 'object') {
    const location = `${found.redirect}${search}`;
    send(response, 301, 'text/plain; charset=utf-8', `Moved to ${location}\n`, { location });
    return;
  }
  if (!found) {
    const page = fillIn(readFileSync(join(SITE, '404.html'), 'utf8'));
    send(response, 404, TYPES['.html'], page);
    return;
  }
  const type = TYPES[extname(found)] ?? 'application/octet-stream';
  const body = extname(found) === '.html' ? fillIn(readFileSync(found, 'utf8')) : readFileSync(found);
  send(response, 200, type, body);
});

http.on('error', (error) => {
  process.stderr.write(`The demo site could not start: ${error.message}\n`);
  process.exit(1);
});

http.listen(port, options.host, () => {
  const address = http.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const base = `http://${host === '0.0.0.0' || host === '[::]' ? 'localhost' : host}:${listening}`;
  const key = currentKey();
  const lines = [
    `Footfall demo site: ${base}/`,
    '',
    `  Home (outbound link, download)     ${base}/`,
    `  Pricing (tagged buttons, sign-up)  ${base}/pricing.html`,
    `  Docs (a long page: engagement)     ${base}/docs.html`,
    `  Web app (history routing)          ${base}/app/`,
    `  Help center (hash routing)         ${base}/help/`,
    '',
    `  Tracking to ${server} as company ${key ?? '(none yet)'}`,
  ];
  if (!key) {
    lines.push(
      '',
      `  No tracking key: ${keyFile} does not exist yet. Start the server first (npm start seeds the demo`,
      '  company and writes that file), or pass --company KEY (your company settings in the dashboard show it).',
      '  Until then, pages are served without a key and send nothing.',
    );
  }
  lines.push('', '  Stop with Ctrl-C.');
  process.stdout.write(`\n${lines.map((line) => (line ? `  ${line}` : '')).join('\n')}\n\n`);
  checkServer();
});

/** A hint when the Footfall server is not reachable; the demo is served anyway. */
async function checkServer() {
  try {
    const answer = await fetch(`${server}/api/health`, { signal: AbortSignal.timeout(3000) });
    if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
  } catch (error) {
    process.stderr.write(
      `  Warning: the Footfall server at ${server} does not answer (${error.cause?.code ?? error.message}).\n` +
        '  Start it with `npm start` in another terminal; the pages load the tracker from it.\n\n',
    );
  }
}

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  http.close(() => process.exit(0));
  http.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
