import type { OperatorId } from '@portal/contract';

/** The signed-in member behind a bearer token. */
export interface AuthContext {
  sessionId: string;
  memberId: string;
  operatorId: OperatorId;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The club whose door-system key authenticated the request (POST /v1/door/check_ins). */
    doorClubId: string | null;
  }
}
