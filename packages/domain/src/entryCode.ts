import { ENTRY_CODE, ENTRY_DEVICE_LIMIT } from '@portal/contract';
import { HOTP, Secret } from 'otpauth';
import { languageOf } from './locale.ts';
import type { Language } from '@portal/contract';

/*
 * Phone entry codes (ADR 042): TOTP of RFC 6238 with HMAC-SHA1, eight digits and a period
 * of 30 seconds. The phone computes them from the secret it keeps; the server checks them
 * with the same functions, so both sides count periods alike.
 */

const PERIOD_MS = ENTRY_CODE.period * 1000;

/** The period (RFC 6238's T) an instant falls in. */
export function entryCodePeriod(at: Date | number): number {
  return Math.floor((typeof at === 'number' ? at : at.getTime()) / PERIOD_MS);
}

/** When the period of `at` ends, in milliseconds since the epoch. */
export function entryCodePeriodEnd(at: number): number {
  return (entryCodePeriod(at) + 1) * PERIOD_MS;
}

/** A new random secret of 20 bytes (the length of HMAC-SHA1's key RFC 4226 recommends), base32. */
export function newEntrySecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The eight digits of a period for a base32 secret. */
export function entryCodeOfPeriod(secret: string, period: number): string {
  return HOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: ENTRY_CODE.digits,
    counter: period,
  });
}

/** The eight digits a phone shows at `at`. */
export function entryCodeAt(secret: string, at: Date | number): string {
  return entryCodeOfPeriod(secret, entryCodePeriod(at));
}

/** The text of the QR code a door reads: the device id and the digits. */
export function entryCodeText(deviceId: string, digits: string): string {
  return `${deviceId}:${digits}`;
}

/** A door's code read as a phone entry code, or null when it is a chip code or PIN. */
export function parseEntryCode(code: string): { deviceId: string; digits: string } | null {
  const match = /^([0-9a-f]{32}):([0-9]{8})$/.exec(code.trim());
  return match ? { deviceId: match[1]!, digits: match[2]! } : null;
}

function sameDigits(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * The period whose code `digits` is, when it is the period of `at` or the one before (a
 * phone's clock a little behind, or a code shown just before the period turned), and later
 * than `lastUsed`: each period's code opens once per device. Null otherwise.
 */
export function matchEntryCode(
  secret: string,
  digits: string,
  at: Date | number,
  lastUsed: number | null,
): { period: number } | { refusal: 'wrong_code' | 'code_already_used' } {
  const now = entryCodePeriod(at);
  for (const period of [now, now - 1]) {
    if (sameDigits(entryCodeOfPeriod(secret, period), digits)) {
      return lastUsed !== null && period <= lastUsed ? { refusal: 'code_already_used' } : { period };
    }
  }
  return { refusal: 'wrong_code' };
}

/** The key code a phone's device is stored under: a colon, which no chip code or PIN holds. */
export function phoneKeyCode(deviceId: string): string {
  return `PHONE:${deviceId.toUpperCase()}`;
}

export type EntryDeviceRefusal = 'entry_device_limit' | 'phone_entry_unavailable';

const ENTRY_DEVICE_TEXTS: Record<Language, Record<EntryDeviceRefusal, string>> = {
  en: {
    entry_device_limit: `You can set up phone entry on ${ENTRY_DEVICE_LIMIT} devices. Remove one to add another.`,
    phone_entry_unavailable: 'Phone entry is not available at the moment. Please use your chip or PIN.',
  },
  de: {
    entry_device_limit: `Sie können den Zutritt per Handy auf ${ENTRY_DEVICE_LIMIT} Geräten einrichten. Entfernen Sie eines, um ein neues hinzuzufügen.`,
    phone_entry_unavailable:
      'Der Zutritt per Handy ist gerade nicht verfügbar. Bitte nutzen Sie Ihren Chip oder Ihre PIN.',
  },
  fr: {
    entry_device_limit: `Vous pouvez configurer l’accès par téléphone sur ${ENTRY_DEVICE_LIMIT} appareils. Supprimez-en un pour en ajouter un autre.`,
    phone_entry_unavailable:
      'L’accès par téléphone n’est pas disponible pour le moment. Veuillez utiliser votre badge ou votre code PIN.',
  },
  nb: {
    entry_device_limit: `Du kan sette opp adgang med mobil på ${ENTRY_DEVICE_LIMIT} enheter. Fjern en for å legge til en ny.`,
    phone_entry_unavailable:
      'Adgang med mobil er ikke tilgjengelig akkurat nå. Bruk brikken eller PIN-koden din.',
  },
  fi: {
    entry_device_limit: `Voit ottaa puhelimella kulun käyttöön ${ENTRY_DEVICE_LIMIT} laitteella. Poista yksi, jos haluat lisätä uuden.`,
    phone_entry_unavailable:
      'Kulku puhelimella ei ole juuri nyt käytettävissä. Käytä avainlätkää tai PIN-koodia.',
  },
};

/** A phone entry refusal in the member's language. */
export function entryDeviceRefusalText(locale: string, type: EntryDeviceRefusal): string {
  return ENTRY_DEVICE_TEXTS[languageOf(locale)][type];
}
