import type { OperatorId } from '@portal/contract';
import { getOperator } from '@portal/domain';
import { browserLocale, changeLocale } from '../lib/i18n.ts';
import { STORAGE_KEYS, writeStorage } from '../lib/storage.ts';
import { applyTheme } from '../lib/theme.ts';
import { demoOperator } from './state.ts';

/**
 * Switches the demo to another operator without a reload: its theme and the first of the
 * browser's languages it offers, else its default (lib/i18n.ts `browserLocale`), first (a
 * language picked for the previous operator is forgotten), then the portal re-renders for
 * it, as if opened on that operator's address.
 */
let latest = 0;

export async function chooseOperator(id: OperatorId): Promise<void> {
  const operator = getOperator(id);
  const choice = ++latest;
  writeStorage(STORAGE_KEYS.locale, null);
  await Promise.all([applyTheme(id), changeLocale(browserLocale(operator), false)]);
  // Picked quickly one after the other: the last choice wins, whichever loaded first.
  if (choice === latest) demoOperator.set(id);
}
