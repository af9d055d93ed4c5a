/**
 * A JSON Schema document (validated with ajv). Kept as a plain object type so schemas stay data. Besides the
 * standard keywords, a check kind's params schema may mark a string that names a file or folder of the case
 * with the annotation `casePath: true` (see CheckKind.paramsSchema): the case loader confines it to the case.
 */
export type JsonSchema = { [key: string]: unknown };
