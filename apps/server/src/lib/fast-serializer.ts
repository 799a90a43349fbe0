import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * A serializer for a hot route's response, compiled once from the route's zod schema (via its JSON
 * Schema) by fast-json-stringify, Fastify's own serializer. It writes only the properties the schema
 * declares, so nothing else a handler returns can leave the server, as with the zod serializer; it does
 * not re-validate the values. On save-answer the zod serializer cost ~16 us per request (measured with
 * `npm run bench`, docs/performance.md).
 */
export function fastSerializer(schema: z.ZodType): () => (data: unknown) => string {
  const stringify = fastJson(z.toJSONSchema(schema, { target: 'draft-07', io: 'output' }) as object);
  return () => (data) => stringify(data);
}
