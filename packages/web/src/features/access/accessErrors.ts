import type { TFunction } from 'i18next';
import { ErrorResponse } from '../../lib/api.ts';
import { errorTexts } from '../../lib/errorText.ts';

/** The refusals of the chip and PIN calls, each with a text in the `access.errors` catalogue. */
const ACCESS_ERRORS = new Set([
  'key_not_assigned',
  'chip_already_assigned',
  'chip_reported_lost',
  'no_active_chip',
  'invalid_status_for_access',
]);

/** The lost-chip page found the chip gone after refreshing the member: "Key not assigned". */
export class KeyNotAssigned extends Error {
  constructor() {
    super('key_not_assigned');
  }
}

/** Texts for a failed chip or PIN call: ours for this area's refusals, else the shared ones. */
export function accessErrorTexts(error: unknown, t: TFunction, locale: string): string[] {
  if (error instanceof KeyNotAssigned) return [t('access.errors.key_not_assigned')];
  if (error instanceof ErrorResponse) {
    const texts = error.errors
      .filter((item) => ACCESS_ERRORS.has(item.type))
      .map((item) => {
        const status = typeof item.context?.status === 'string' ? item.context.status : '';
        return t(`access.errors.${item.type}`, {
          status: t(`statusName.${status}`, { defaultValue: status }),
        });
      });
    if (texts.length > 0) return texts;
  }
  return errorTexts(error, t, locale);
}
