import type { CardProvider } from '@portal/contract';
import { ConfigError } from '../../config.ts';

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
  /** Production without a real adapter configured: every call is refused. */
  | { mode: 'off' };

export type CardSettings = Record<CardProvider, ProviderSettings>;

/** Dev defaults, so `npm start` works offline; never accepted in production. */
const DEV_SECRETS: Record<CardProvider, string> = {
  verifone: 'dev-only-verifone-sandbox-secret-change-me',
  dibs: 'dev-only-dibs-sandbox-secret-change-me',
};

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new ConfigError(`${name} is required when CARD_PROVIDER_VERIFONE=live`);
  return value;
}

function verifoneLive(env: NodeJS.ProcessEnv, isProduction: boolean): VerifoneLiveSettings {
  const apiUrl = required(env, 'VERIFONE_API_URL');
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new ConfigError('VERIFONE_API_URL must be an absolute URL');
  }
  if (url.protocol !== 'https:' && (isProduction || url.protocol !== 'http:')) {
    throw new ConfigError('VERIFONE_API_URL must use https');
  }
  const timeout = Number(env.VERIFONE_TIMEOUT_MS || 15000);
  if (!Number.isInteger(timeout) || timeout < 1000) {
    throw new ConfigError('VERIFONE_TIMEOUT_MS must be at least 1000');
  }
  return {
    apiUrl: url.toString().replace(/\/+$/, ''),
    userId: required(env, 'VERIFONE_USER_ID'),
    apiKey: required(env, 'VERIFONE_API_KEY'),
    entityId: required(env, 'VERIFONE_ENTITY_ID'),
    paymentContractId: required(env, 'VERIFONE_PAYMENT_CONTRACT_ID'),
    tokenScope: required(env, 'VERIFONE_TOKEN_SCOPE'),
    threeDsContractId: env.VERIFONE_3DS_CONTRACT_ID?.trim() || null,
    timeoutMs: timeout,
  };
}

function provider(name: CardProvider, env: NodeJS.ProcessEnv, isProduction: boolean): ProviderSettings {
  const variable = `CARD_PROVIDER_${name.toUpperCase()}`;
  const mode = env[variable]?.trim() || (isProduction ? 'off' : 'sandbox');
  if (mode === 'off') return { mode: 'off' };
  if (mode === 'live') {
    if (name !== 'verifone') throw new ConfigError(`${variable}=live: only verifone has a real adapter`);
    return { mode: 'live', verifone: verifoneLive(env, isProduction) };
  }
  if (mode !== 'sandbox') throw new ConfigError(`${variable} must be sandbox, live or off`);
  if (isProduction) throw new ConfigError(`${variable}=sandbox is not allowed in production`);
  const secretName = `CARD_SANDBOX_SECRET_${name.toUpperCase()}`;
  const secret = env[secretName] || DEV_SECRETS[name];
  if (secret.length < 32) throw new ConfigError(`${secretName} must be at least 32 characters`);
  return { mode: 'sandbox', secret };
}

/**
 * Which implementation each card provider uses: the offline sandbox by default outside
 * production, the real verifone adapter with CARD_PROVIDER_VERIFONE=live. In production
 * the sandbox is refused and an unconfigured provider is off.
 */
export function loadCardSettings(env: NodeJS.ProcessEnv, isProduction: boolean): CardSettings {
  return {
    verifone: provider('verifone', env, isProduction),
    dibs: provider('dibs', env, isProduction),
  };
}
