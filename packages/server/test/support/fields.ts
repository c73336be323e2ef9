import { z } from 'zod';

/** The property names a contract schema reads, at any depth (objects, unions, records). */
export function fieldNames(schema: z.core.$ZodType | undefined): string[] {
  if (!schema) return [];
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const properties = (node as { properties?: Record<string, unknown> }).properties;
    if (properties) for (const name of Object.keys(properties)) names.add(name);
    for (const child of Object.values(node)) walk(child);
  };
  walk(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
  return [...names];
}
