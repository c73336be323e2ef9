import { notFound, type PtWidgetKind } from '@portal/contract';
import {
  BookingBody,
  BookingParams,
  PurchaseBody,
  SlotsQuery,
  tokenRefusal as refuse,
} from '@portal/demo-data';
import { getOperator, isOperatorId, type PtTokenClaims, verifyPtToken } from '@portal/domain';
import type { z } from 'zod';
import type { AppDeps } from '../../../deps.ts';
import {
  type Answer,
  errorAnswer,
  inputIssue,
  invalidInputBody,
  malformedRequestBody,
} from '../../../endpoints/answers.ts';
import type { Log } from '../../../platform/log.ts';
import { createPtSandbox, languageFor } from './service.ts';

/** One call of the sandbox provider's API, below `<PT_SANDBOX_BASE>/v1/`. */
export interface PtSandboxCall {
  method: string;
  /** The path below the API's base, e.g. `bookings/b-1`. */
  route: string;
  query: Record<string, string>;
  authorization: string | undefined;
  acceptLanguage: string | undefined;
  /** The body as sent ('' or none: no body). */
  text: string | undefined;
}

class Invalid {
  constructor(readonly answer: Answer) {}
}

function check<S extends z.ZodType>(
  schema: S,
  value: unknown,
  context: 'body' | 'query' | 'params',
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const body = invalidInputBody(context, parsed.error.issues.map(inputIssue));
  throw new Invalid({ status: 400, headers: {}, body });
}

function json(text: string | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new Invalid({
      status: 400,
      headers: {},
      body: malformedRequestBody('FST_ERR_CTP_INVALID_JSON_BODY'),
    });
  }
}

/**
 * The sandbox PT provider's API (outside production only, ADR 032), framework-free: the
 * widget token first (a bad one is a 401 whatever the body holds), then the input, then the
 * sandbox's use case. The server's routes (routes.ts) and the demo answer from it.
 */
export function createPtSandboxApi(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, log: Log) {
  const secret = deps.config.pt.secret;
  const sandbox = createPtSandbox(deps);

  async function claimsFor(authorization: string | undefined, widget: PtWidgetKind): Promise<PtTokenClaims> {
    const match = typeof authorization === 'string' ? /^Bearer ([\w.-]+)$/.exec(authorization) : null;
    if (!match || !secret) throw refuse('missing');
    const checked = await verifyPtToken(secret, match[1]!, widget, deps.clock.now());
    if (!checked.ok) throw refuse(checked.reason);
    if (!isOperatorId(checked.claims.op) || !getOperator(checked.claims.op).ptEnabled)
      throw refuse('operator');
    return checked.claims;
  }

  async function route(call: PtSandboxCall): Promise<Answer> {
    const method = call.method.toUpperCase();
    const ok = (body: unknown, status = 200): Answer => ({ status, headers: {}, body });
    const language = (claims: PtTokenClaims) => languageFor(call.acceptLanguage, claims);
    if (method === 'GET' && call.route === 'packages') {
      const claims = await claimsFor(call.authorization, 'package_buy');
      return ok(await sandbox.packages(claims, language(claims)));
    }
    if (method === 'POST' && call.route === 'purchases') {
      const claims = await claimsFor(call.authorization, 'package_buy');
      const body = check(PurchaseBody, json(call.text), 'body');
      const result = await sandbox.purchase(claims, body, language(claims));
      return ok(result, result.replayed ? 200 : 201);
    }
    if (method === 'GET' && call.route === 'trainers') {
      const claims = await claimsFor(call.authorization, 'booking');
      return ok(await sandbox.trainers(claims, language(claims)));
    }
    if (method === 'GET' && call.route === 'slots') {
      const claims = await claimsFor(call.authorization, 'booking');
      return ok(await sandbox.slots(claims, check(SlotsQuery, call.query, 'query').trainer_id));
    }
    if (method === 'GET' && call.route === 'bookings') {
      const claims = await claimsFor(call.authorization, 'booking');
      return ok(await sandbox.bookings(claims, language(claims)));
    }
    if (method === 'POST' && call.route === 'bookings') {
      const claims = await claimsFor(call.authorization, 'booking');
      const body = check(BookingBody, json(call.text), 'body');
      return ok(await sandbox.book(claims, body, language(claims)), 201);
    }
    const cancel = /^bookings\/([^/]*)$/.exec(call.route);
    if (method === 'DELETE' && cancel) {
      const claims = await claimsFor(call.authorization, 'booking');
      const { id } = check(BookingParams, { id: decodeURIComponent(cancel[1]!) }, 'params');
      return ok(await sandbox.cancel(claims, id));
    }
    throw notFound();
  }

  return {
    /** The answer to one call; refusals and failures as the server's error body. */
    async answer(call: PtSandboxCall): Promise<Answer> {
      try {
        return await route(call);
      } catch (error) {
        if (error instanceof Invalid) return error.answer;
        return errorAnswer(error, {
          report: (level, err, message) => log[level]({ err }, message),
        });
      }
    },
    /** Whether the sandbox runs (it needs the widget tokens' secret). */
    enabled: Boolean(secret),
  };
}

export type PtSandboxApi = ReturnType<typeof createPtSandboxApi>;
