import { type OperatorId, PT_SANDBOX_BASE } from '@portal/contract';
import { operatorIds } from '@portal/domain';
import { z } from 'zod';
import {
  type AreaSchema,
  type Env,
  loadArea,
  operatorVariable,
  perOperator,
  secret,
  variable,
} from '../../env.ts';

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

const providerVariable = (op: OperatorId) => operatorVariable('PT_PROVIDER_URL_', op);

/** A provider's base address: absolute, https (http outside production too), no query or fragment. */
const providerUrl = (production: boolean) =>
  variable(
    `an absolute URL, ${production ? 'https' : 'https or http'}, without query or fragment, e.g. https://widgets.pt-provider.example/portal`,
    z
      .url({ protocol: production ? /^https$/ : /^https?$/ })
      // z.url's own issue does not stop this check: a value that is no URL is named by it already.
      .refine((value) => {
        const url = URL.parse(value);
        return !url || (!url.search && !url.hash);
      }),
  );

const ptVariables = (production: boolean) => ({
  PT_WIDGET_SECRET: secret(32),
  ...perOperator('PT_PROVIDER_URL_', () => providerUrl(production)),
});

/** The PT provider per operator and the widget tokens' key (PT_PROVIDER_URL_*, PT_WIDGET_SECRET). */
export function ptSchema(production: boolean): AreaSchema<PtSettings> {
  return z.object(ptVariables(production)).transform(
    (env): PtSettings => ({
      secret: env.PT_WIDGET_SECRET ?? (production ? null : DEV_SECRET),
      providerUrls: Object.fromEntries(
        operatorIds.flatMap((op) => {
          const value = env[providerVariable(op)];
          return value ? [[op, new URL(value).toString().replace(/\/+$/, '')]] : [];
        }),
      ),
      sandbox: !production,
    }),
  );
}

/** The PT settings alone (their tests); the server's come from loadConfig. */
export function loadPtSettings(env: Env, production: boolean): PtSettings {
  return loadArea(ptSchema(production), env);
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
