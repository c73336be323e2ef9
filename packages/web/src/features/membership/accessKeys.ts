import type { Key } from '@portal/contract';

/** Catalogue key of a key's status: inactive on a PIN means it expired. */
export function keyStatusKey(key: Key): string {
  if (key.type === 'pin' && key.status === 'inactive') return 'membership.access.status.expired';
  return `membership.access.status.${key.status}`;
}
