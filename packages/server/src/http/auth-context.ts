import type { OperatorId } from '@portal/contract';

/** The signed-in member behind a bearer token. */
export interface AuthContext {
  sessionId: string;
  memberId: string;
  operatorId: OperatorId;
}
