import type { Language, MembershipStatus } from '@portal/contract';
import { languageOf } from './locale.ts';

/*
 * Wallet passes (ADR 043): the membership card for Apple Wallet and Google Wallet. Its
 * barcode carries the member's wallet code, a key of type `wallet` the door accepts like a
 * chip until the member removes it or the membership ends.
 */

/** A wallet key's code: `WALLET:` and 32 hexadecimal digits (a colon, which no chip or PIN has). */
export function walletKeyCode(randomHex32: string): string {
  return `WALLET:${randomHex32.toUpperCase()}`;
}

export interface WalletColours {
  background: string;
  foreground: string;
  label: string;
}

/**
 * Each operator's brand colours as its portal shows them (its theme.css: --color-brand,
 * --color-brand-contrast, --color-brand-soft; a web test keeps the two equal), so the pass
 * in the wallet looks like the portal the member uses.
 */
export const WALLET_COLOURS: Record<string, WalletColours> = {
  de: { background: '#4338ca', foreground: '#ffffff', label: '#eef0fd' },
  at: { background: '#9f1239', foreground: '#ffffff', label: '#fceef2' },
  ch: { background: '#1f2937', foreground: '#ffffff', label: '#eef0f3' },
  no: { background: '#0b5563', foreground: '#ffffff', label: '#e5f1f2' },
  fi: { background: '#1d4ed8', foreground: '#ffffff', label: '#eaf0fe' },
};

/** The portal's default brand (global.css), for an operator without its own theme. */
const DEFAULT_COLOURS: WalletColours = { background: '#1f3a8a', foreground: '#ffffff', label: '#e8edfb' };

/** What both passes show, in the member's language. */
export interface WalletPassContent {
  /** The pass's serial number: the wallet key's id. */
  serial: string;
  operatorId: string;
  language: Language;
  brand: string;
  /** The operator's company name (Apple's organizationName). */
  organisation: string;
  description: string;
  memberName: string;
  membershipNumber: string;
  homeClub: string;
  status: string;
  /** The barcode's text: the wallet code the door reads. */
  code: string;
  labels: WalletLabels;
  colours: WalletColours;
}

export interface WalletLabels {
  member: string;
  number: string;
  club: string;
  status: string;
}

const TEXTS: Record<
  Language,
  WalletLabels & { description: (brand: string) => string; statusNames: Record<MembershipStatus, string> }
> = {
  en: {
    member: 'Member',
    number: 'Membership number',
    club: 'Home club',
    status: 'Status',
    description: (brand) => `${brand} membership card`,
    statusNames: {
      active: 'Active',
      in_trial: 'Trial',
      presale: 'Presale',
      in_cancellation: 'Cancelled',
      in_freeze: 'Frozen',
      cancelled: 'Ended',
      cancelled_in_presale: 'Cancelled during presale',
      cancelled_in_trial: 'Cancelled during trial',
      stopped: 'Stopped',
    },
  },
  de: {
    member: 'Mitglied',
    number: 'Mitgliedsnummer',
    club: 'Stammclub',
    status: 'Status',
    description: (brand) => `Mitgliedskarte ${brand}`,
    statusNames: {
      active: 'aktiv',
      in_trial: 'Probetraining',
      presale: 'Vorverkauf',
      in_cancellation: 'gekündigt',
      in_freeze: 'pausiert',
      cancelled: 'beendet',
      cancelled_in_presale: 'im Vorverkauf gekündigt',
      cancelled_in_trial: 'im Probetraining gekündigt',
      stopped: 'gesperrt',
    },
  },
  fr: {
    member: 'Membre',
    number: 'Numéro de membre',
    club: 'Club d’attache',
    status: 'Statut',
    description: (brand) => `Carte de membre ${brand}`,
    statusNames: {
      active: 'actif',
      in_trial: 'essai',
      presale: 'prévente',
      in_cancellation: 'résilié',
      in_freeze: 'suspendu',
      cancelled: 'terminé',
      cancelled_in_presale: 'résilié pendant la prévente',
      cancelled_in_trial: 'résilié pendant l’essai',
      stopped: 'bloqué',
    },
  },
  nb: {
    member: 'Medlem',
    number: 'Medlemsnummer',
    club: 'Hjemmesenter',
    status: 'Status',
    description: (brand) => `Medlemskort ${brand}`,
    statusNames: {
      active: 'aktiv',
      in_trial: 'prøveperiode',
      presale: 'forhåndssalg',
      in_cancellation: 'oppsagt',
      in_freeze: 'fryst',
      cancelled: 'avsluttet',
      cancelled_in_presale: 'sagt opp i forhåndssalget',
      cancelled_in_trial: 'sagt opp i prøveperioden',
      stopped: 'stoppet',
    },
  },
  fi: {
    member: 'Jäsen',
    number: 'Jäsennumero',
    club: 'Kotikeskus',
    status: 'Tila',
    description: (brand) => `${brand} -jäsenkortti`,
    statusNames: {
      active: 'voimassa',
      in_trial: 'kokeilujakso',
      presale: 'ennakkomyynti',
      in_cancellation: 'irtisanottu',
      in_freeze: 'jäädytetty',
      cancelled: 'päättynyt',
      cancelled_in_presale: 'irtisanottu ennakkomyynnin aikana',
      cancelled_in_trial: 'irtisanottu kokeilujakson aikana',
      stopped: 'keskeytetty',
    },
  },
};

/** The pass's content for a member in `locale`. */
export function walletPassContent(input: {
  serial: string;
  operatorId: string;
  locale: string;
  brand: string;
  organisation: string;
  memberName: string;
  membershipNumber: string;
  homeClub: string;
  status: MembershipStatus;
  code: string;
}): WalletPassContent {
  const language = languageOf(input.locale);
  const { description, statusNames, ...labels } = TEXTS[language];
  return {
    serial: input.serial,
    operatorId: input.operatorId,
    language,
    brand: input.brand,
    organisation: input.organisation,
    description: description(input.brand),
    memberName: input.memberName,
    membershipNumber: input.membershipNumber,
    homeClub: input.homeClub,
    status: statusNames[input.status],
    code: input.code,
    labels,
    colours: WALLET_COLOURS[input.operatorId] ?? DEFAULT_COLOURS,
  };
}

export type WalletRefusal = 'wallet_unavailable';

const UNAVAILABLE: Record<Language, string> = {
  en: 'Wallet passes are not available right now.',
  de: 'Wallet-Karten sind gerade nicht verfügbar.',
  fr: 'Les cartes Wallet ne sont pas disponibles pour le moment.',
  nb: 'Lommebok-kort er ikke tilgjengelige akkurat nå.',
  fi: 'Wallet-kortit eivät ole juuri nyt käytettävissä.',
};

export function walletUnavailableText(locale: string): string {
  return UNAVAILABLE[languageOf(locale)];
}
