import type { CardProvider } from '@portal/contract';
import { z } from 'zod';
import type { NetsEasyLiveSettings } from './nets-easy-http.ts';
import {
  type AreaSchema,
  type Env,
  loadArea,
  milliseconds,
  oneOf,
  problem,
  readWell,
  secret,
  trimmed,
  url,
} from '../../env.ts';

/** Verifone's eCommerce API (Checkout + transactions), from the environment only. */
export interface VerifoneLiveSettings {
  /** e.g. https://emea.gsc.verifone.cloud (production) or https://cst.test-gsc.vfims.com (sandbox). */
  apiUrl: string;
  /** Basic auth: the Verifone Central user's uid and one of its API keys. */
  userId: string;
  apiKey: string;
  entityId: string;
  paymentContractId: string;
  /** The token scope reuse tokens are created under (stored credentials). */
  tokenScope: string;
  /** The 3-D Secure contract, when the acquirer asks for 3-D Secure on card capture. */
  threeDsContractId: string | null;
  timeoutMs: number;
}

export type ProviderSettings =
  | { mode: 'sandbox'; secret: string }
  | { mode: 'live'; verifone: VerifoneLiveSettings }
  /** dibs' live adapter: the Nets Easy Payment API (docs/payments.md, "Nets Easy"). */
  | { mode: 'live'; nets: NetsEasyLiveSettings }
  /** Production without a real adapter configured: every call is refused. */
  | { mode: 'off' };

export type CardSettings = Record<CardProvider, ProviderSettings>;

const PROVIDERS = ['verifone', 'dibs'] as const satisfies readonly CardProvider[];

/** Dev defaults, so `npm start` works offline; never accepted in production. */
const DEV_SECRETS: Record<CardProvider, string> = {
  verifone: 'dev-only-verifone-sandbox-secret-change-me',
  dibs: 'dev-only-dibs-sandbox-secret-change-me',
};

/** What CARD_PROVIDER_VERIFONE=live needs; VERIFONE_3DS_CONTRACT_ID and VERIFONE_TIMEOUT_MS are optional. */
const LIVE_REQUIRED = [
  'VERIFONE_API_URL',
  'VERIFONE_USER_ID',
  'VERIFONE_API_KEY',
  'VERIFONE_ENTITY_ID',
  'VERIFONE_PAYMENT_CONTRACT_ID',
  'VERIFONE_TOKEN_SCOPE',
] as const;

/** What CARD_PROVIDER_DIBS=live needs; NETS_EASY_TIMEOUT_MS is optional. */
const NETS_REQUIRED = ['NETS_EASY_API_URL', 'NETS_EASY_SECRET_KEY', 'NETS_EASY_TERMS_URL'] as const;

const modeVariable = (provider: CardProvider) =>
  provider === 'verifone' ? 'CARD_PROVIDER_VERIFONE' : 'CARD_PROVIDER_DIBS';
const secretVariable = (provider: CardProvider) =>
  provider === 'verifone' ? 'CARD_SANDBOX_SECRET_VERIFONE' : 'CARD_SANDBOX_SECRET_DIBS';

const cardVariables = (production: boolean) => ({
  CARD_PROVIDER_VERIFONE: oneOf(['sandbox', 'live', 'off']),
  CARD_PROVIDER_DIBS: oneOf(['sandbox', 'live', 'off']),
  CARD_SANDBOX_SECRET_VERIFONE: secret(32),
  CARD_SANDBOX_SECRET_DIBS: secret(32),
  // http only outside production, for a local stand-in of the API.
  VERIFONE_API_URL: production ? url(['https']) : url(['https', 'http']),
  VERIFONE_USER_ID: trimmed(),
  VERIFONE_API_KEY: trimmed(),
  VERIFONE_ENTITY_ID: trimmed(),
  VERIFONE_PAYMENT_CONTRACT_ID: trimmed(),
  VERIFONE_TOKEN_SCOPE: trimmed(),
  VERIFONE_3DS_CONTRACT_ID: trimmed(),
  VERIFONE_TIMEOUT_MS: milliseconds(1000),
  // Nets Easy (dibs live); http only outside production, for a local stand-in of the API.
  NETS_EASY_API_URL: production ? url(['https']) : url(['https', 'http']),
  NETS_EASY_SECRET_KEY: trimmed(),
  NETS_EASY_TERMS_URL: production ? url(['https']) : url(['https', 'http']),
  NETS_EASY_TIMEOUT_MS: milliseconds(1000),
});

type CardEnv = z.output<z.ZodObject<ReturnType<typeof cardVariables>>>;

const providerMode = (env: CardEnv, provider: CardProvider, production: boolean) =>
  env[modeVariable(provider)] ?? (production ? 'off' : 'sandbox');

/**
 * Which implementation each card provider uses: the offline sandbox by default outside
 * production, the real verifone adapter with CARD_PROVIDER_VERIFONE=live, Nets Easy with
 * CARD_PROVIDER_DIBS=live. In production
 * the sandbox is refused and an unconfigured provider is off.
 */
export function cardSchema(production: boolean): AreaSchema<CardSettings> {
  return z
    .object(cardVariables(production))
    .superRefine(
      (env, ctx) => {
        for (const provider of PROVIDERS) {
          const mode = providerMode(env, provider, production);
          if (mode === 'sandbox' && production)
            problem(ctx, modeVariable(provider), 'must not be sandbox in production (set live or off)');
        }
      },
      { when: readWell(...PROVIDERS.map(modeVariable)) },
    )
    .superRefine(
      (env, ctx) => {
        if (providerMode(env, 'verifone', production) !== 'live') return;
        // A variable that is set but malformed is named by its own check.
        for (const name of LIVE_REQUIRED)
          if (env[name] === undefined) problem(ctx, name, 'is required when CARD_PROVIDER_VERIFONE=live');
      },
      { when: readWell('CARD_PROVIDER_VERIFONE') },
    )
    .superRefine(
      (env, ctx) => {
        if (providerMode(env, 'dibs', production) !== 'live') return;
        for (const name of NETS_REQUIRED)
          if (env[name] === undefined) problem(ctx, name, 'is required when CARD_PROVIDER_DIBS=live');
      },
      { when: readWell('CARD_PROVIDER_DIBS') },
    )
    .transform((env): CardSettings => {
      const settings = (provider: CardProvider): ProviderSettings => {
        const mode = providerMode(env, provider, production);
        if (mode === 'off') return { mode: 'off' };
        if (mode === 'sandbox')
          return { mode: 'sandbox', secret: env[secretVariable(provider)] ?? DEV_SECRETS[provider] };
        if (provider === 'dibs')
          return {
            mode: 'live',
            nets: {
              apiUrl: new URL(env.NETS_EASY_API_URL!).toString().replace(/\/+$/, ''),
              secretKey: env.NETS_EASY_SECRET_KEY!,
              termsUrl: new URL(env.NETS_EASY_TERMS_URL!).toString(),
              timeoutMs: env.NETS_EASY_TIMEOUT_MS ?? 15000,
            },
          };
        return {
          mode: 'live',
          verifone: {
            apiUrl: new URL(env.VERIFONE_API_URL!).toString().replace(/\/+$/, ''),
            userId: env.VERIFONE_USER_ID!,
            apiKey: env.VERIFONE_API_KEY!,
            entityId: env.VERIFONE_ENTITY_ID!,
            paymentContractId: env.VERIFONE_PAYMENT_CONTRACT_ID!,
            tokenScope: env.VERIFONE_TOKEN_SCOPE!,
            threeDsContractId: env.VERIFONE_3DS_CONTRACT_ID ?? null,
            timeoutMs: env.VERIFONE_TIMEOUT_MS ?? 15000,
          },
        };
      };
      return { verifone: settings('verifone'), dibs: settings('dibs') };
    });
}

/** The card providers' settings alone (their tests); the server's come from loadConfig. */
export function loadCardSettings(env: Env, production: boolean): CardSettings {
  return loadArea(cardSchema(production), env);
}
