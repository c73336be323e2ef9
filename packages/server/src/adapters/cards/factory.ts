import type { CardProvider } from '@portal/contract';
import type { CardSettings, ProviderSettings } from './config.ts';
import type { CardGateway } from './index.ts';
import { createNetsEasyLiveGateway } from './nets-easy-live.ts';
import { SandboxCardGateway } from './sandbox.ts';
import { unavailableGateway } from './unavailable.ts';
import { createVerifoneLiveGateway } from './verifone-live.ts';

function gateway(provider: CardProvider, settings: ProviderSettings, fetchImpl: typeof fetch): CardGateway {
  switch (settings.mode) {
    case 'sandbox':
      return new SandboxCardGateway(provider, settings.secret);
    case 'live':
      return 'nets' in settings
        ? createNetsEasyLiveGateway(settings.nets, fetchImpl)
        : createVerifoneLiveGateway(settings.verifone, fetchImpl);
    case 'off':
      return unavailableGateway(provider);
  }
}

/** One gateway per provider, as configured (see config.ts). */
export function createCardGateways(
  settings: CardSettings,
  fetchImpl: typeof fetch = fetch,
): Record<CardProvider, CardGateway> {
  return {
    verifone: gateway('verifone', settings.verifone, fetchImpl),
    dibs: gateway('dibs', settings.dibs, fetchImpl),
  };
}
