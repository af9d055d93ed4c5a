/** A JSON Schema document (validated with ajv). Kept as a plain object type so schemas stay data. */
export type JsonSchema = { [key: string]: unknown };
