/** One configured ajv instance factory and a translator from ajv errors to one-line problems with pointers. */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { JsonSchema } from './json-schema';

export function createAjv(): Ajv {
  return new Ajv({ allErrors: false, strict: false });
}

export function compileSchema<T>(ajv: Ajv, schema: JsonSchema): ValidateFunction<T> {
  return ajv.compile<T>(schema);
}

/** The pointer and a one-line problem for the first ajv error. */
export function describeAjvError(err: ErrorObject | undefined, basePointer = ''): { pointer: string; problem: string } {
  if (!err) return { pointer: basePointer || '/', problem: 'invalid' };
  const pointer = `${basePointer}${err.instancePath}` || '/';
  const params = err.params as Record<string, unknown>;
  switch (err.keyword) {
    case 'required':
      return { pointer, problem: `missing required field "${String(params.missingProperty)}"` };
    case 'additionalProperties':
      return { pointer, problem: `unknown field "${String(params.additionalProperty)}"` };
    case 'const':
      return { pointer, problem: `must be ${JSON.stringify(params.allowedValue)}` };
    case 'enum':
      return { pointer, problem: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'pattern':
      return { pointer, problem: `does not match the expected form (${String(params.pattern)})` };
    default:
      return { pointer, problem: err.message ?? err.keyword };
  }
}
