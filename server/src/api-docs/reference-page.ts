import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where every file the page loads is served from: the server's own origin, nothing from a CDN. */
export const ASSETS_PREFIX = '/api/docs/assets/';

/**
 * The folders the page's files come from, found through their packages (the bundled server moves). Swagger
 * UI's bundle and stylesheet are the copies @fastify/swagger-ui ships in `static/`, pinned with it:
 * swagger-ui-dist itself would bring an install-time analytics package. Footfall's theme, start-up script
 * and icon are in `server/api-docs/`.
 */
function assetDirs(): { swaggerUi: string; footfall: string } {
  const require = createRequire(import.meta.url);
  const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
  return {
    swaggerUi: join(packageDir('@fastify/swagger-ui'), 'static'),
    footfall: join(packageDir('@footfall/server'), 'api-docs'),
  };
}

/** The only files of Swagger UI's folder the page loads, under `${ASSETS_PREFIX}swagger-ui/`. */
const SWAGGER_UI_FILES = new Set(['/swagger-ui-bundle.js', '/swagger-ui.css']);

/** The header's wordmark: the dashboard's logo (dashboard/src/components/logo.tsx), drawn inline. */
const LOGO = `<svg class="ff-logo" width="150" height="32" viewBox="0 0 150 32" role="img" aria-labelledby="ff-logo-title">
<title id="ff-logo-title">Footfall</title>
<rect width="32" height="32" rx="8" fill="currentColor" class="ff-logo-mark"/>
<path fill="#fff" d="M8 22h4v4H8zm6-6h4v10h-4zm6-8h4v18h-4z"/>
<text x="42" y="24" textLength="106" lengthAdjust="spacingAndGlyphs" class="ff-logo-text">Footfall</text>
</svg>`;

/**
 * The page: no inline script (the policy allows scripts from this origin only), the theme script first in
 * the head so a dark reader never sees a light flash, and the document's own links for readers without
 * JavaScript.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Footfall API</title>
<link rel="icon" type="image/svg+xml" href="${ASSETS_PREFIX}favicon.svg">
<link rel="stylesheet" href="${ASSETS_PREFIX}footfall-api.css">
<script src="${ASSETS_PREFIX}theme.js"></script>
</head>
<body>
<header class="ff-header">
<a class="ff-home" href="/" aria-label="Footfall home">${LOGO}</a>
<span class="ff-header-title">API reference</span>
<nav class="ff-header-links" aria-label="The OpenAPI document">
<a href="/api/docs/json">JSON</a>
<a href="/api/docs/yaml">YAML</a>
</nav>
</header>
<div id="swagger-ui"><noscript><p class="ff-noscript">The reference needs JavaScript. The OpenAPI document itself is at
<a href="/api/docs/json">/api/docs/json</a> and <a href="/api/docs/yaml">/api/docs/yaml</a>.</p></noscript></div>
<script src="${ASSETS_PREFIX}swagger-ui/swagger-ui-bundle.js"></script>
<script src="${ASSETS_PREFIX}start.js"></script>
</body>
</html>
`;

/**
 * `GET /api/docs`: Swagger UI in Footfall's header, colours and type, laid out for a phone too. Its files
 * are compressed (Swagger UI's bundle is 1.7 MB as it is, about 450 KB in gzip) and revalidated with their
 * ETag. Registered inside the docs context, after its security headers.
 */
export async function referencePage(app: FastifyInstance): Promise<void> {
  const dirs = assetDirs();
  for (const url of ['/api/docs', '/api/docs/']) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
    );
  }
  await app.register(async (assets) => {
    await assets.register(fastifyCompress, { global: true, threshold: 1024 });
    const revalidate = {
      cacheControl: false,
      setHeaders: noCache,
      decorateReply: false,
      index: false,
    } as const;
    await assets.register(fastifyStatic, { root: dirs.footfall, prefix: ASSETS_PREFIX, ...revalidate });
    await assets.register(fastifyStatic, {
      root: dirs.swaggerUi,
      prefix: `${ASSETS_PREFIX}swagger-ui/`,
      allowedPath: (path) => SWAGGER_UI_FILES.has(path),
      ...revalidate,
    });
  });
}

/** Unversioned names: the browser keeps each file and asks again with its ETag (a 304 when unchanged). */
function noCache(reply: FastifyReply): void {
  reply.header('cache-control', 'no-cache');
}
