import { z } from 'zod';
import { IsoDate } from './common.ts';

export const KeyType = z.enum(['rfid', 'pin']);
export const KeyStatus = z.enum(['active', 'inactive', 'suspended']);

/** An access chip (rfid) or a personal access PIN. */
export const Key = z.object({
  type: KeyType,
  code: z.string(),
  status: KeyStatus,
  valid_from: IsoDate,
  valid_to: IsoDate.nullable(),
});
export type Key = z.infer<typeof Key>;

/** The code printed on the back of the chip: free text, trimmed. */
export const ChipCodeRequest = z.object({ code: z.string().trim().min(1).max(64) }).strict();
export type ChipCodeRequest = z.infer<typeof ChipCodeRequest>;

export const ActivatedChip = Key.pick({ type: true, code: true, valid_from: true, valid_to: true });
export type ActivatedChip = z.infer<typeof ActivatedChip>;
