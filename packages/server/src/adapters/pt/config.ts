import type { OperatorId } from '@portal/contract';
import { operatorIds } from '@portal/domain';
import { ConfigError } from '../../config.ts';

import { PT_SANDBOX_BASE } from '@portal/demo';

/** Where the built-in sandbox provider serves its script and API (outside production only). */
export { PT_SANDBOX_BASE };

/** The PT provider per operator and the key widget tokens are signed with (docs/personal-training.md). */
export interface PtSettings {
  /**
   * HMAC-SHA256 key of the widget tokens (PT_WIDGET_SECRET, at least 32 characters); a dev
   * default outside production. Null in production without it: widget sessions answer 503.
   */
  secret: string | null;
  /**
   * Base address of the provider per operator (PT_PROVIDER_URL_DE …); its frame page is
   * `<base>/frame.html` (ADR 032). Outside production an operator without one uses the sandbox
   * (PT_SANDBOX_BASE); in production it has no provider (503).
   */
  providerUrls: Partial<Record<OperatorId, string>>;
  /** Whether the sandbox provider's routes exist (never in production). */
  sandbox: boolean;
}

/** Dev default, so `npm start` works offline; never used in production. */
const DEV_SECRET = 'dev-only-pt-widget-secret-change-me-0123456789';

function providerUrl(name: string, value: string, isProduction: boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, e.g. https://widgets.pt-provider.example/portal`);
  }
  if (url.protocol !== 'https:' && (isProduction || url.protocol !== 'http:')) {
    throw new ConfigError(`${name} must use https`);
  }
  if (url.search || url.hash) throw new ConfigError(`${name} must not have a query or fragment`);
  return url.toString().replace(/\/+$/, '');
}

export function loadPtSettings(env: NodeJS.ProcessEnv, isProduction: boolean): PtSettings {
  const configured = env.PT_WIDGET_SECRET;
  if (configured !== undefined && configured !== '' && configured.length < 32) {
    throw new ConfigError('PT_WIDGET_SECRET must be at least 32 characters');
  }
  const providerUrls: Partial<Record<OperatorId, string>> = {};
  for (const op of operatorIds) {
    const name = `PT_PROVIDER_URL_${op.toUpperCase()}`;
    const value = env[name]?.trim();
    if (value) providerUrls[op] = providerUrl(name, value, isProduction);
  }
  return {
    secret: configured || (isProduction ? null : DEV_SECRET),
    providerUrls,
    sandbox: !isProduction,
  };
}

/**
 * The provider's base address for an operator: the configured one, else the sandbox
 * outside production, else null (no provider: the feature answers 503).
 */
export function providerBase(settings: PtSettings, operator: OperatorId): string | null {
  return settings.providerUrls[operator] ?? (settings.sandbox ? PT_SANDBOX_BASE : null);
}

/** Origins of the configured real providers, for the portal's Content-Security-Policy (`frame-src`). */
export function providerOrigins(settings: PtSettings): string[] {
  return [...new Set(Object.values(settings.providerUrls).map((url) => new URL(url).origin))];
}
