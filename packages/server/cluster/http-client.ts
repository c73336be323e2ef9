import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json(): unknown;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * An HTTP client with keep-alive connections from a chosen loopback address: Linux routes
 * all of 127.0.0.0/8 to itself, so a test can be a client nginx sees as 127.0.0.5 while
 * nginx itself (the trusted proxy) connects from 127.0.0.1.
 */
export function httpClient(base: string, localAddress = '127.0.0.1', maxSockets = 32) {
  const agent = new http.Agent({ keepAlive: true, maxSockets, localAddress });
  const request = (method: string, path: string, options: RequestOptions = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      const req = http.request(
        new URL(path, base),
        {
          method,
          agent,
          headers: {
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...options.headers,
          },
          timeout: 20_000,
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body,
              json: () => JSON.parse(body),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', reject);
      req.end(payload);
    });
  return { request, close: () => agent.destroy() };
}

export type HttpClient = ReturnType<typeof httpClient>;
