import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/membership.ts';

/**
 * GET /v1/membership/health_insurance_confirmation for a calendar year (the server's
 * default year without one). Under the invoices key: the fees paid change with the
 * invoices (a retried payment, a refund).
 */
export function useHealthInsuranceConfirmation(year?: number, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.invoices, 'health-insurance', year ?? null],
    queryFn: ({ signal }) =>
      api('healthInsuranceConfirmation', { query: year === undefined ? {} : { year }, signal }),
    enabled,
  });
}
