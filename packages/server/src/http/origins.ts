import type { OperatorId } from '@portal/contract';
import { isOperatorId } from '@portal/domain';
import type { Config } from '../settings.ts';

/**
 * The operator a page is served for: the OPERATOR_HOSTS map (host with or without port),
 * else the first label of the host name when it is an operator id (`no.localhost:8080`),
 * else DEFAULT_OPERATOR.
 */
export function operatorForHost(hostHeader: string | undefined, config: Config): OperatorId {
  const host = (hostHeader ?? '').trim().toLowerCase();
  const mapped = config.operatorHosts[host] ?? config.operatorHosts[host.replace(/:\d+$/, '')];
  if (mapped) return mapped;
  const hostname = host.replace(/:\d+$/, '');
  const labels = hostname.split('.');
  const first = labels[0] ?? '';
  if (labels.length > 1 && isOperatorId(first)) return first;
  return config.defaultOperator;
}

/** Where links in e-mails point when the request does not name an allowed origin. */
export function defaultOrigin(operator: OperatorId, config: Config): string {
  return config.publicOrigins[operator] ?? new URL(`http://${operator}.localhost:${config.port}`).origin;
}

/**
 * Origins an operator's portal may run on: the local ones on PORT, its PUBLIC_ORIGIN_<OP>
 * and the hosts OPERATOR_HOSTS maps to it.
 */
export function allowedOrigins(operator: OperatorId, config: Config): Set<string> {
  const origins = new Set([
    `http://localhost:${config.port}`,
    `http://${operator}.localhost:${config.port}`,
    `http://127.0.0.1:${config.port}`,
  ]);
  const configured = config.publicOrigins[operator];
  if (configured) origins.add(configured);
  for (const [host, op] of Object.entries(config.operatorHosts)) {
    if (op !== operator) continue;
    origins.add(`https://${host}`);
    origins.add(`http://${host}`);
  }
  // new URL(...).origin drops default ports; compare like with like.
  return new Set([...origins].map((o) => new URL(o).origin));
}

/** The origin of a portal link: the request's `url` origin only when the operator allows it. */
export function linkOrigin(operator: OperatorId, url: string, config: Config): string {
  let origin: string | null = null;
  try {
    origin = new URL(url).origin;
  } catch {
    origin = null;
  }
  if (origin && allowedOrigins(operator, config).has(origin)) return origin;
  return defaultOrigin(operator, config);
}

/**
 * The address of a portal page on `origin`: its path there, or for a web app that routes by
 * the hash (config.hashRoutes, the static demo) the path in the hash below its base.
 */
export function portalPage(origin: string, path: string, config: Config): string {
  return config.hashRoutes ? `${origin}${config.hashRoutes.base}#${path}` : `${origin}${path}`;
}
