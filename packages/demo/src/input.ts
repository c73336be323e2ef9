import { ApiError, invalidInputItems } from '@portal/contract';
import type { z } from 'zod';

/** The input as the schema reads it, or the server's 400 for what the schema refused (its items per issue). */
export function checkInput<S extends z.ZodType>(schema: S, value: unknown, context: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ApiError(
    400,
    invalidInputItems(
      context,
      parsed.error.issues.map((issue) => ({
        code: issue.code,
        path: issue.path,
        message: issue.message,
        keys: 'keys' in issue ? (issue.keys as string[]) : undefined,
      })),
    ),
  );
}
