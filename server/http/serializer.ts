import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Tests check every answer against its zod schema field by field (fastify-type-provider-zod's
 * serializer: a presenter that drifts from common/api/ fails there). In production that check
 * on every field of every answer is the largest cost of the public pages, so answers are written
 * by a serializer compiled once per route from the same schema (fast-json-stringify over its
 * JSON Schema), which also writes only the schema's fields.
 */
export const checkResponsesAtRunTime = process.env.VITEST !== undefined || process.env.NODE_ENV === 'test';

type Json = { [key: string]: unknown };

/** `anyOf: [X, {type: 'null'}]` (zod's nullable) as `type: [X, 'null']`, which is written without validating. */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) out[key] = simplifyNullable(value);
  const anyOf = out.anyOf as Json[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && !('anyOf' in other)) {
      const { anyOf: _dropped, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The compiled writer of one schema's answers; null when JSON Schema cannot express it. */
export function compileSerializer(schema: ZodType): ((data: unknown) => string) | null {
  try {
    const json = simplifyNullable(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' })) as Json;
    delete json.$schema;
    return fastJson(json as never) as (data: unknown) => string;
  } catch {
    return null;
  }
}

const compiledSerializerCompiler: FastifySerializerCompiler<ZodType | { properties: ZodType }> = ({
  schema,
}) => {
  const zodSchema = 'properties' in schema && !(schema instanceof z.ZodType) ? schema.properties : schema;
  // Presenters list each field, so plain JSON is safe where no compiled writer could be made.
  return compileSerializer(zodSchema as ZodType) ?? ((data: unknown) => JSON.stringify(data));
};

export const responseSerializerCompiler = checkResponsesAtRunTime
  ? zodSerializerCompiler
  : compiledSerializerCompiler;
