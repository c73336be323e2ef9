import { type Endpoint, endpoints, ErrorBody, Membership } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { compileWriter, createSerializerCompiler, SerializerMismatchError } from '../src/http/serializer.ts';
import { bearer, startApp, type TestApp } from './support/harness.ts';

// Answers are written by serializers compiled from the contract (ADR 020); strict mode (on in
// tests) also checks each answer with zod and compares what both write.
const serializerFor = (schema: z.core.$ZodType, strict: boolean) =>
  createSerializerCompiler({ strict })({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });

describe('the compiled serializer', () => {
  let t: TestApp;
  let membership: Membership;
  beforeAll(async () => {
    t = await startApp('pglite');
    const token = await t.signIn('in_freeze', 'de');
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/membership', headers: bearer(token) });
    membership = Membership.parse(res.json());
  });
  afterAll(() => t?.close());

  it('compiles every response schema of the contract', () => {
    // A file (a calendar, a wallet pass) is sent as it is, under its own content type.
    const responses = Object.entries(endpoints as Record<string, Endpoint>).filter(
      ([, e]) => e.response && !e.contentType,
    );
    expect(responses.length).toBeGreaterThan(20);
    for (const [name, endpoint] of responses) {
      expect(compileWriter(endpoint.response as z.core.$ZodType), name).not.toBeNull();
    }
    expect(compileWriter(ErrorBody)).not.toBeNull();
  });

  it('writes what the contract names and nothing else, as zod’s encoding would', () => {
    const write = serializerFor(Membership, false);
    // Fields a careless handler might spread in: none of them may leave the server.
    const leaky = {
      ...membership,
      password_hash: '$argon2id$secret',
      profile: { ...membership.profile, password_hash: '$argon2id$secret' },
    };
    const text = write(leaky);
    expect(text).not.toContain('argon2');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(z.encode(Membership, membership))));
    expect(JSON.parse(text).freeze_periods).toEqual(membership.freeze_periods);
    expect(JSON.parse(text).end_date).toBe(membership.end_date);
  });

  it('in strict mode refuses an answer that breaks the contract; without it, writes it unchecked', () => {
    const broken = { ...membership, status: 'on_holiday' };
    expect(() => serializerFor(Membership, true)(broken)).toThrow(/doesn't match the schema/);
    expect(JSON.parse(serializerFor(Membership, false)(broken)).status).toBe('on_holiday');
  });

  it('in strict mode refuses a writer that differs from zod’s encoding', () => {
    // zod's encoding trims; a JSON Schema cannot say so, so the compiled writer does not.
    const schema = z.object({ name: z.string().check(z.trim()) });
    expect(() => serializerFor(schema, true)({ name: ' padded ' })).toThrow(SerializerMismatchError);
    expect(serializerFor(schema, true)({ name: 'plain' })).toBe('{"name":"plain"}');
  });
});
