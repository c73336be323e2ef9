import type { OperatorId } from '@portal/contract';
import { getOperator, isOperatorId, type OperatorSettings } from '@portal/domain';
import { createContext, useContext } from 'react';

export const DEFAULT_OPERATOR: OperatorId = 'de';

/**
 * The operator of this page: the server injects `<meta name="portal-operator">` from the
 * host name. Without it (Vite dev server) the host name's first label decides when it is
 * an operator id (`no.localhost`), else the default operator.
 */
export function detectOperator(
  doc: Document = document,
  hostname: string = window.location.hostname,
): OperatorId {
  const meta = doc.querySelector('meta[name="portal-operator"]')?.getAttribute('content')?.trim();
  if (meta && isOperatorId(meta)) return meta;
  const label = hostname.split('.')[0]?.toLowerCase() ?? '';
  return isOperatorId(label) ? label : DEFAULT_OPERATOR;
}

export const OperatorContext = createContext<OperatorSettings>(getOperator(DEFAULT_OPERATOR));

export function useOperator(): OperatorSettings {
  return useContext(OperatorContext);
}
