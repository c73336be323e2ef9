import { describe, expect, it } from 'vitest';
import { queryKeys } from './membership.ts';
import { createQueryClient } from './queryClient.ts';

describe('query client', () => {
  it('invalidates the membership (every locale) after any mutation, success or failure', async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.membership('en-DE'), { id: 'm' });
    client.setQueryData(queryKeys.membership('de-DE'), { id: 'm' });
    client.setQueryData(queryKeys.invoices, []);
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => 'ok' })
      .execute(undefined);
    expect(client.getQueryState(queryKeys.membership('en-DE'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.membership('de-DE'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.invoices)?.isInvalidated).toBe(false);

    client.setQueryData(queryKeys.membership('en-DE'), { id: 'm2' });
    await client
      .getMutationCache()
      .build(client, {
        mutationFn: async () => {
          throw new Error('refused');
        },
      })
      .execute(undefined)
      .catch(() => {});
    expect(client.getQueryState(queryKeys.membership('en-DE'))?.isInvalidated).toBe(true);
  });

  it('leaves the membership alone for calls marked as logged-out', async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.membership('en-DE'), { id: 'm' });
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => 'ok', meta: { reloadMembership: false } })
      .execute(undefined);
    expect(client.getQueryState(queryKeys.membership('en-DE'))?.isInvalidated).toBe(false);
  });
});
