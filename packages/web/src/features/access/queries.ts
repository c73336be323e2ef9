import type { Key } from '@portal/contract';
import { activeChip } from '@portal/domain';
import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../lib/membership.ts';
import { KeyNotAssigned } from './accessErrors.ts';
import { logged } from './logged.ts';

/** PUT /v1/membership/rfids: activates the chip with the code printed on it. */
export const activateChipMutation = () =>
  mutationOptions({
    mutationFn: (code: string) => api('activateChip', { body: { code } }),
    ...logged('chip_activate'),
  });

/**
 * DELETE /v1/membership/rfids, after loading the member again: a chip that is no longer
 * among the keys (reported or replaced meanwhile) is refused here as "Key not assigned".
 */
export const lostChipMutation = (queryClient: QueryClient, locale: string) =>
  mutationOptions({
    mutationFn: async (chip: Key) => {
      const fresh = await queryClient.fetchQuery({
        queryKey: queryKeys.membership(locale),
        queryFn: ({ signal }) => api('membership', { query: { locale }, signal }),
        staleTime: 0,
      });
      if (activeChip(fresh.keys)?.code !== chip.code) throw new KeyNotAssigned();
      await api('reportLostChip', { body: { code: chip.code } });
    },
    ...logged('chip_report_lost'),
  });

/** POST /v1/membership/temporary_pin: the day's PIN by SMS (the same one when asked again). */
export const temporaryPinMutation = () =>
  mutationOptions({
    mutationFn: () => api('temporaryPin', { body: {} }),
    ...logged('temporary_pin'),
  });
