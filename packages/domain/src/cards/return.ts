/** What a provider's return says once its signature is checked (both providers). */
export type CardReturn =
  | {
      outcome: 'registered';
      checkoutId: string;
      card: {
        brand: string;
        /** Masked, e.g. "•••• 1111": never the full number. */
        details: string;
        /** YYMM. */
        expire: string;
        /** The provider's token to charge the card again. */
        token: string;
        /** Stable per card at the provider: the same card registered again has the same one. */
        fingerprint: string;
      };
    }
  | { outcome: 'failed'; checkoutId: string; errorCode: number }
  | { outcome: 'cancelled'; checkoutId: string };

/**
 * The signed text of a provider return: the named fields that are present, sorted by name,
 * as `name=value` lines. Fields the provider did not sign (anything the portal's address
 * happened to carry) do not take part, so they can neither break nor forge a signature.
 */
export function canonicalParams(fields: readonly string[], params: Record<string, string>): string {
  return [...fields]
    .filter((name) => params[name] !== undefined)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('\n');
}

/** The text a sandbox provider signs for a return: its name, then the canonical fields. */
export const returnSigningText = (provider: string, canonical: string) => `${provider}:return\n${canonical}`;

/** "Visa **** 1111": how the card is named on invoices and in e-mails. */
export function cardLabel(card: { brand: string; details: string }): string {
  const brand =
    card.brand === 'mastercard' ? 'Mastercard' : card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} ${card.details}`;
}

/** How long the provider's page may take before its return is refused. */
export const CARD_CHECKOUT_MINUTES = 30;
/** Card provider error 171 (`CARD_PROVIDER_ERRORS`): the member cancelled on the provider's page. */
export const CARD_ERROR_CANCELLED = 171;
/** Card provider error 100 (`CARD_PROVIDER_ERRORS`): the provider threw instead of answering. */
export const CARD_ERROR_UNEXPECTED = 100;

/** 400 texts of the card update's own checks (API messages, English as every 400). */
export const CARD_CHECK_TEXTS = {
  notOwnAddress: "Must be an absolute address on this portal's own origin.",
  notYourClub: 'Not the club of your membership.',
} as const;

/**
 * A return address the card form may send the member back to: an absolute http(s) address
 * on one of the portal's own origins, without credentials; normalised, or null.
 */
export function ownReturnAddress(value: string, origins: ReadonlySet<string>): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!origins.has(url.origin) || url.username || url.password) return null;
  return url.toString();
}
