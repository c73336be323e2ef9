import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { providerOrigins } from '../adapters/pt/config.ts';
import type { Config } from '../config.ts';
import { invalidRequest } from '../http/errors.ts';

/**
 * Helmet's headers with a CSP for the built app (own scripts and those of a configured PT
 * provider, which the widgets also call; own and inline styles, data: images and fonts),
 * no caching of API answers, and a guard that turns NUL characters in input (which
 * PostgreSQL text cannot store) into a 400 instead of a database error.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const pt = providerOrigins(config.pt);
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...pt],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...pt],
        'frame-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
      },
    },
    hsts: config.isProduction,
  });

  // Plain callback hooks: no promise per request on the busiest path.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const field =
      findNul(request.body, 'body', 0) ??
      findNul(request.query, 'query', 0) ??
      findNul(request.params, 'params', 0);
    done(field ? invalidRequest(field, 'Text must not contain NUL characters.') : undefined);
  });
}

/** The path of the first string (value or key) holding U+0000, or null. */
function findNul(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return path;
    const found = findNul(child, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The headers helmet sets for these options, worked out once. They depend on the options
 * alone (no CSP nonces, no directive computed per request), and @fastify/helmet built
 * helmet's middleware and parsed the CSP again for every request (4–5 % of a membership
 * request's CPU, docs/performance.md). Helmet's only other act, removing X-Powered-By, has
 * nothing to remove: neither Node nor Fastify sets that header.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return Object.freeze(headers) as Record<string, string>;
}
