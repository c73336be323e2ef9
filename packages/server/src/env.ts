import type { OperatorId } from '@portal/contract';
import { operatorIds } from '@portal/domain';
import { z } from 'zod';

/**
 * The building blocks of the configuration's schemas (docs/decisions/037-configuration-in-zod-schemas.md):
 * each area (config.ts, adapters/{cards,delivery,pt}/config.ts) declares its variables as a
 * zod object of these fields, its rules between variables, and the settings it builds.
 * Only config.ts's loadConfig reads process.env; it parses every area and reports every
 * wrong variable in one ConfigError.
 */

/** The environment as the process has it; tests pass their own. */
export type Env = Record<string, string | undefined>;

/** One wrong variable and what it must be; never its value, which may be a secret. */
export interface ConfigProblem {
  variable: string;
  message: string;
}

export class ConfigError extends Error {
  readonly problems: ConfigProblem[];
  constructor(problems: ConfigProblem[]) {
    const lines = problems.map((p) => `${p.variable} ${p.message}`);
    super(
      lines.length === 1
        ? lines[0]
        : `The environment has ${lines.length} problems:\n${lines.map((line) => `  ${line}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Unset, empty and blank count alike: the variable is not set. */
const unsetIfBlank = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * A variable read by `schema` when it is set (not blank); `expected` completes "<NAME> must
 * be …" when it does not read, and is what the error says whatever zod found.
 */
export function variable<T extends z.core.$ZodType>(expected: string, schema: T) {
  return z.preprocess(unsetIfBlank, z.optional(schema)).describe(expected);
}

export const text = () => variable('text', z.string());

/** Trimmed text: names, ids and addresses where surrounding spaces are a mistake. */
export const trimmed = () => variable('text', z.string().trim());

export const wholeNumber = (min: number) =>
  variable(`a whole number of at least ${min}`, z.coerce.number().int().min(min));

export const port = () =>
  variable('a port number from 0 to 65535', z.coerce.number().int().min(0).max(65535));

export const milliseconds = (min = 0) =>
  variable(
    min === 0 ? 'a whole number of milliseconds' : `a whole number of milliseconds of at least ${min}`,
    z.coerce.number().int().min(min),
  );

export const flag = () =>
  variable(
    'true or false',
    z.enum(['true', 'false']).transform((value) => value === 'true'),
  );

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  variable(`one of ${values.join(', ')}`, z.string().trim().pipe(z.enum(values)));

/** An absolute URL of one of `protocols` (without the colon), e.g. ['https', 'http']. */
export const url = (protocols: string[], expected = `a ${protocols.map((p) => `${p}:`).join(' or ')} URL`) =>
  variable(expected, z.url({ protocol: new RegExp(`^(${protocols.join('|')})$`) }));

/** The name of an operator's own variable, e.g. PUBLIC_ORIGIN_DE. */
export const operatorVariable = <P extends string>(prefix: P, op: OperatorId) =>
  `${prefix}${op.toUpperCase() as Uppercase<OperatorId>}` as const;

/** One variable per operator (PUBLIC_ORIGIN_DE … PUBLIC_ORIGIN_FI), each read by `field`. */
export const perOperator = <P extends string, F>(prefix: P, field: () => F) =>
  Object.fromEntries(operatorIds.map((op) => [operatorVariable(prefix, op), field()])) as Record<
    ReturnType<typeof operatorVariable<P>>,
    F
  >;

/** `length` characters or more: keys and secrets. */
export const secret = (length: number) => variable(`at least ${length} characters`, z.string().min(length));

/** JSON text whose value `schema` reads. */
export const json = <T extends z.ZodType>(expected: string, schema: T) =>
  variable(
    expected,
    z
      .string()
      .transform((value, ctx) => {
        try {
          return JSON.parse(value) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'not JSON' });
          return z.NEVER;
        }
      })
      .pipe(schema),
  );

/**
 * A rule between variables (or on one, by the mode) that failed: its message completes
 * "<variable> …" and is kept as written.
 */
export function problem(ctx: z.RefinementCtx, variable: string, message: string): void {
  ctx.addIssue({ code: 'custom', path: [variable], message, params: { rule: true } });
}

/**
 * For a rule's `when`: the rule runs when the variables it reads are well-formed, even if
 * others of its area are not, so one start names every wrong variable.
 */
export const readWell =
  (...variables: string[]) =>
  (payload: { issues: { path?: PropertyKey[] }[] }) =>
    !payload.issues.some((issue) => variables.includes(String(issue.path?.[0])));

/** An area: its variables as a zod object, refined by its rules and turned into its settings. */
export type AreaSchema<T> = z.ZodType<T> & { in: z.ZodObject<z.ZodRawShape> };

/** The variables an area reads. */
export const variablesOf = (schema: AreaSchema<unknown>) => Object.keys(schema.in.shape);

const expectedForm = (field: z.core.$ZodType | undefined) =>
  (field && z.globalRegistry.get(field)?.description) ?? 'well-formed';

/**
 * The area's settings, or undefined with its problems added to `problems`: a field that does
 * not read says what it must be (its description), a rule says what it says.
 */
export function parseArea<T>(schema: AreaSchema<T>, env: Env, problems: ConfigProblem[]): T | undefined {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const shape = schema.in.shape;
  for (const issue of result.error.issues) {
    const [name, ...inside] = issue.path.map(String);
    if (name === undefined) continue;
    const rule = issue.code === 'custom' && (issue.params as { rule?: boolean } | undefined)?.rule;
    const message = rule
      ? issue.message
      : `must be ${expectedForm(shape[name])}${inside.length ? ` (at ${inside.join('.')})` : ''}`;
    if (!problems.some((p) => p.variable === name && p.message === message))
      problems.push({ variable: name, message });
  }
  return undefined;
}

/** One area alone (its tests, and the adapters' own loaders): its settings, or a ConfigError. */
export function loadArea<T>(schema: AreaSchema<T>, env: Env): T {
  const problems: ConfigProblem[] = [];
  const settings = parseArea(schema, env, problems);
  if (problems.length || settings === undefined) throw new ConfigError(problems);
  return settings;
}
