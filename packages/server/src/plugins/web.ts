import { readFile, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { invalidRequest, notFound, rateLimited } from '../http/errors.ts';
import { operatorForHost } from '../http/origins.ts';
import { MAX_PARAM_LENGTH } from '../http/route.ts';
import { prerenderedFor, prerenderedLoader, withPrerenderedPage } from './prerendered.ts';

const PLACEHOLDER = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Member portal</title></head>
<body>
<h1>The web app is not built</h1>
<p>Run <code>npm run build -w packages/web</code> (or <code>npm start</code> at the repository root), then reload.
The API is available under <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>`;

const isApi = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
/** A last path segment with an extension asks for a file; a missing file is a 404, not the app. */
const looksLikeFile = (pathname: string) => /\.[A-Za-z0-9]+$/.test(pathname.split('/').pop() ?? '');

/** The built index.html with the operator meta tag, cached until the file changes. */
function indexLoader(webDist: string) {
  const file = path.join(webDist, 'index.html');
  let cached: { mtimeMs: number; html: string } | null = null;
  return async (): Promise<string> => {
    try {
      const info = await stat(file);
      if (!cached || cached.mtimeMs !== info.mtimeMs) {
        cached = { mtimeMs: info.mtimeMs, html: await readFile(file, 'utf8') };
      }
      return cached.html;
    } catch {
      return PLACEHOLDER;
    }
  };
}

/**
 * The operator's meta tag, and its theme and body font as early as the page can ask for
 * them: before this, the app discovered both only after its JavaScript ran. `operator` is
 * one of the known ids (operatorForHost), never the raw host name. The names match
 * packages/web/src/lib/theme.ts, which reuses these links.
 */
export function withOperatorMeta(html: string, operator: string): string {
  const tag = [
    `<meta name="portal-operator" content="${operator}">`,
    `<link rel="preload" href="/themes/${operator}/fonts/body-latin.woff2" as="font" type="font/woff2" crossorigin>`,
    `<link id="portal-theme" rel="stylesheet" href="/themes/${operator}/theme.css">`,
  ].join('\n');
  const head = html.lastIndexOf('</head>');
  return head === -1 ? `${tag}\n${html}` : `${html.slice(0, head)}${tag}\n${html.slice(head)}`;
}

/**
 * Serves packages/web/dist at `/` (hashed files under /assets cached for a year, every file
 * pre-compressed by the build where the client accepts brotli or gzip) and, for
 * any other GET outside /api that is not a file, index.html with the operator of the host
 * name in a meta tag (no-cache). Everything else unknown is a 404 error body. The 404
 * handler is rate limited.
 */
export async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  if (existsSync(config.webDist)) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      index: false,
      wildcard: true,
      cacheControl: false,
      // The build writes a .br and a .gz beside each text file (packages/web/vite/precompress.ts):
      // sent with Content-Encoding and Vary: Accept-Encoding to clients that accept them.
      preCompressed: true,
      // Not the build's own files: dot files (.prerendered.json, .vite/, the build stamp).
      allowedPath: (pathname) =>
        !isApi(pathname) &&
        pathname !== '/index.html' &&
        !pathname.split('/').some((part) => part.startsWith('.')),
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const loadIndex = indexLoader(config.webDist);
  const loadPrerendered = prerenderedLoader(config.webDist);
  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const operator = operatorForHost(request.headers.host, config);
    const pathname = request.url.split('?')[0] ?? '/';
    // A logged-out page arrives rendered, in the language the page will be in (ADR 035).
    const page = prerenderedFor(
      await loadPrerendered(),
      operator,
      pathname,
      request.headers.cookie,
      request.headers['accept-language'],
    );
    const html = withOperatorMeta(await loadIndex(), operator);
    return (
      reply
        .code(200)
        .header('cache-control', 'no-cache')
        // The page differs by the language cookie and the browser's languages: a shared
        // cache must not mix them up.
        .header('vary', 'Cookie, Accept-Language')
        .type('text/html; charset=utf-8')
        .send(page ? withPrerenderedPage(html, page) : html)
    );
  };

  app.get('/', { schema: { hide: true } }, serveIndex);
  app.get('/index.html', { schema: { hide: true } }, serveIndex);
  app.setNotFoundHandler(
    {
      preHandler: app.rateLimit({
        max: 600,
        timeWindow: '1 minute',
        errorResponseBuilder: (_request, context) => rateLimited(context.ttl / 1000),
      }),
    },
    async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApi(pathname) &&
        !looksLikeFile(pathname)
      ) {
        return serveIndex(request, reply);
      }
      // An over-long segment is refused as the router refuses an over-long parameter, also
      // where no route matched (another method, a trailing segment).
      if (isApi(pathname) && pathname.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH)) {
        throw invalidRequest('path', 'A path parameter is too long.');
      }
      // No message names the path: it is the caller's own input, echoed back.
      throw notFound('No such resource.');
    },
  );
}
