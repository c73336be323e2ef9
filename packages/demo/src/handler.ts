import type { ApiError, Endpoint, EndpointName, endpoints, OperatorId } from '@portal/contract';
import type { z } from 'zod';
import type { DemoStore } from './store.ts';

type Ep<N extends EndpointName> = (typeof endpoints)[N];
type Input<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The signed-in member, as the server's AuthContext. */
export interface DemoAuth {
  sessionId: string;
  memberId: string;
  operatorId: OperatorId;
}

/** What a handler gets: the parsed input (checked by the contract as the server checks it). */
export interface HandlerContext<N extends EndpointName> {
  store: DemoStore;
  body: Ep<N> extends { body: infer B } ? Input<B> : undefined;
  query: Ep<N> extends { query: infer Q } ? Input<Q> : undefined;
  params: Ep<N> extends { params: infer P } ? Input<P> : undefined;
  auth: Ep<N>['auth'] extends true ? DemoAuth : DemoAuth | null;
  /** The browser's request (headers such as Accept-Language, the page's origin). */
  request: Request;
}

type Result<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : unknown;

/**
 * One contract call answered in the browser. It returns the 2xx body (nothing for a 204)
 * or throws the contract's ApiError, exactly as the server's service for that call does.
 */
export type Handler<N extends EndpointName> = (
  ctx: HandlerContext<N>,
) => Result<Ep<N>> | Promise<Result<Ep<N>>>;

export type Handlers = { [N in EndpointName]: Handler<N> };

/** Lets an area file declare its handlers with their types checked per endpoint. */
export function defineHandlers<H extends Partial<Handlers>>(handlers: H): H {
  return handlers;
}

const committed = new WeakSet<object>();

/**
 * Marks a refusal that keeps what the call wrote: the server commits some writes and then
 * refuses (a declined card return closes its checkout and logs the failure first).
 */
export function afterCommit(error: ApiError): ApiError {
  committed.add(error);
  return error;
}

export const keepsWrites = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && committed.has(error);
