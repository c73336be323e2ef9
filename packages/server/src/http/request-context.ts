import type { AuthContext } from './auth-context.ts';

// The member's session lives in a file of its own, free of Fastify, for the endpoint table.
export type { AuthContext } from './auth-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The club whose door-system key authenticated the request (POST /v1/door/check_ins). */
    doorClubId: string | null;
  }
}
