/** A readable one-line type for a JSON Schema node (as z.toJSONSchema writes them). */
export type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  description?: string;
  additionalProperties?: unknown;
};

export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeOf).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`;
  if (schema.type === 'object') return schema.properties ? 'object' : 'object (any)';
  if (schema.type === 'string' && schema.format) return `string (${schema.format})`;
  if (schema.type === 'integer') return 'integer';
  return schema.type ?? 'any';
}

/** Bounds and defaults worth telling a client: '1–200 chars', 'default 20'. */
export function constraintsOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const out: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined) out.push(`${schema.minLength ?? 0}–${schema.maxLength ?? '∞'} chars`);
  if (schema.minimum !== undefined || schema.maximum !== undefined) out.push(`${schema.minimum ?? '−∞'}–${schema.maximum ?? '∞'}`);
  if (schema.pattern) out.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}
