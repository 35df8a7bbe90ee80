import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyCors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../errors';
import { isApiPath } from './xsrf';

export interface StaticDirs {
  /** The dashboard build (`index.html` plus hashed `assets/`). */
  dashboard?: string;
  /** The tracker build: `t.js`, the click extension `t-clicks.js` it loads on demand, and `widget.js`. */
  bundles?: string;
}

const BUNDLES = ['t.js', 't-clicks.js', 'widget.js'] as const;

/** A rebuilt bundle is picked up within this long, without a file-system call on every request. */
const RECHECK_MS = 1000;

interface CachedBundle {
  checkedAt: number;
  mtimeMs: number;
  body: Buffer;
  etag: string;
}

/**
 * The tracker bundles are loaded by other sites: public caching with an ETag, CORS `*`, readable
 * cross-origin, and no cookie ever (tracked sites stay cookie-free). A rebuilt file is served within a
 * second, with no restart.
 */
async function registerBundles(app: FastifyInstance, dir: string): Promise<void> {
  const cache = new Map<string, CachedBundle>();
  async function load(name: string): Promise<CachedBundle | undefined> {
    const cached = cache.get(name);
    const now = Date.now();
    if (cached && now - cached.checkedAt < RECHECK_MS) return cached;
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) {
      cache.delete(name);
      return undefined;
    }
    if (cached?.mtimeMs === info.mtimeMs) {
      cached.checkedAt = now;
      return cached;
    }
    const body = await readFile(path);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const bundle = { checkedAt: now, mtimeMs: info.mtimeMs, body, etag };
    cache.set(name, bundle);
    return bundle;
  }
  // Each bundle is a scope under its own path: @fastify/cors adds a catch-all OPTIONS route at its scope's
  // prefix, which would otherwise take every OPTIONS request of the app. A script tag sends no preflight,
  // so that route answers 404 as before.
  for (const name of BUNDLES) {
    await app.register(
      async (bundle) => {
        await bundle.register(fastifyCors, { origin: '*', preflight: false });
        bundle.get('', async (request, reply) => {
          const loaded = await load(name);
          if (!loaded) throw notFound();
          reply.headers({
            'content-type': 'application/javascript; charset=utf-8',
            'cache-control': 'public, max-age=3600',
            etag: loaded.etag,
            'cross-origin-resource-policy': 'cross-origin',
          });
          if (request.headers['if-none-match'] === loaded.etag) return reply.code(304).send();
          return reply.send(loaded.body);
        });
      },
      { prefix: `/${name}` },
    );
  }
}

/** Hashed assets never change under their name; everything else is revalidated. */
function setCacheHeaders(reply: FastifyReply, path: string): void {
  const immutable = /[/\\]assets[/\\]/.test(path);
  reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Serves the built dashboard, with history-mode fallback: any GET outside `/api` that is not a file gets
 * `index.html` (so `/api-count-report/1` is a dashboard path). Unknown API routes are JSON 404s.
 */
export const staticPlugin = fp(
  async (app: FastifyInstance, dirs: StaticDirs) => {
    if (dirs.bundles) await registerBundles(app, dirs.bundles);
    const dashboard =
      dirs.dashboard && existsSync(join(dirs.dashboard, 'index.html')) ? dirs.dashboard : undefined;
    if (dashboard) {
      await app.register(fastifyStatic, { root: dashboard, prefix: '/', setHeaders: setCacheHeaders });
    }
    app.setNotFoundHandler(async (request, reply: FastifyReply) => {
      const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
      if (!dashboard || !isPageRequest || isApiPath(request.url)) throw notFound();
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    });
  },
  { name: 'static' },
);
