import type { IncomingMessage, ServerResponse } from 'node:http';
import { findTextProblem } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { providerOrigins } from '../adapters/pt/config.ts';
import type { Config } from '../config.ts';
import { invalidRequest } from '../http/errors.ts';
import { PRERENDER_SCRIPT_HASH } from './prerendered.ts';

/**
 * The browser features the portal never uses, off for its pages and anything they embed
 * (helmet sets no Permissions-Policy; docs/security.md, R11). Not `payment`: a PT
 * provider's frame may sell its packages with the browser's payment sheet.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), ' +
  'microphone=(), midi=(), usb=()';

/**
 * Helmet's headers with a CSP for the built app (own scripts only; frames of our own and of
 * a configured PT provider, whose widgets run there; own and inline styles, data: images and fonts),
 * no caching of API answers, and, for routes outside the contract, its text rule: a NUL or
 * a lone surrogate in input (which PostgreSQL cannot store) is a 400, not a database error.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const pt = providerOrigins(config.pt);
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // A PT provider's widgets run in its own origin, in a frame (ADR 032): never in ours.
        // …and the one inline script of a prerendered page, by its hash (plugins/prerendered.ts).
        'script-src': ["'self'", PRERENDER_SCRIPT_HASH],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-src': ["'self'", ...pt],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
      },
    },
    hsts: config.isProduction,
  });

  const all = { ...headers, 'permissions-policy': PERMISSIONS_POLICY };
  // Plain callback hooks: no promise per request on the busiest path.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(all);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });

  // Routes outside the contract (dev sandboxes) get the contract's text rule here; the
  // contract's own routes check it in their schemas (docs/security.md, R2).
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.routeOptions.config.contractInput) return done();
    const problem =
      locate('body', request.body) ?? locate('query', request.query) ?? locate('params', request.params);
    done(problem ? invalidRequest(problem.field, problem.message) : undefined);
  });
}

function locate(context: string, value: unknown): { field: string; message: string } | null {
  const problem = findTextProblem(value);
  return problem ? { field: [context, ...problem.path].join('.'), message: problem.message } : null;
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
