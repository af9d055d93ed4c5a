/**
 * JSON Schema of `case.json`, format `recheck.case/1`. The format version is part of the document, so a
 * future `recheck.case/2` can be migrated explicitly instead of being misread. Documented in docs/case-format.md.
 */
import type { JsonSchema } from '../json/json-schema';
import { CHECKLIST_IDS } from './checklist';

export const CASE_FORMAT = 'recheck.case/1';

const id = { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$' };
const nonEmpty = { type: 'string', minLength: 1 };
/**
 * An answer to a checklist question. Which fields go with which status (checks with answered, reason with
 * not-applicable) is checked after the schema, with one-line messages (checklistAnswerProblem).
 */
const checklistAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: {
    status: { enum: ['answered', 'not-applicable', 'open'] },
    checks: { type: 'array', items: id },
    reason: { type: 'string' },
    note: { type: 'string' },
  },
};
/** Why an item was withdrawn (app/cases/withdraw.ts): when, by whom, and the reason (required). */
const withdrawn = {
  type: 'object',
  additionalProperties: false,
  required: ['at', 'who', 'reason'],
  properties: { at: nonEmpty, who: nonEmpty, reason: nonEmpty },
};
/** A path relative to the case folder: no absolute paths, no `..` segments, forward slashes. */
const relPath = { type: 'string', minLength: 1, pattern: '^(?!/)(?!.*(^|/)\\.\\.(/|$))(?!.*\\\\)[^\\u0000]+$' };

/**
 * An image-pair set for blind perceptual review (app/perceptual/). That answer values and keys are unique, and
 * that a compare-mode set offers "left" and "right", is checked after the schema (perceptualProblem).
 */
const perceptual = {
  type: 'object',
  additionalProperties: false,
  required: ['pairs', 'question', 'mode', 'answers'],
  properties: {
    pairs: relPath,
    question: nonEmpty,
    mode: { enum: ['rate-right', 'compare'] },
    answers: {
      type: 'array',
      minItems: 2,
      maxItems: 9,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['value', 'key', 'label'],
        properties: { value: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' }, key: { type: 'string', minLength: 1, maxLength: 1, pattern: '^\\S$' }, label: nonEmpty },
      },
    },
    repeatShare: { type: 'number', minimum: 0, maximum: 0.5 },
    fastMs: { type: 'number', minimum: 0, maximum: 600000 },
  },
};

export const caseSchema: JsonSchema = {
  $id: 'https://recheck.invalid/schemas/case-1.json',
  type: 'object',
  additionalProperties: false,
  required: ['format', 'id', 'title', 'paper', 'logbooks', 'falsifications'],
  properties: {
    $schema: { type: 'string' },
    format: { const: CASE_FORMAT },
    id,
    title: nonEmpty,
    paper: {
      type: 'object',
      additionalProperties: false,
      required: ['title', 'venueId', 'claims'],
      properties: {
        title: nonEmpty,
        venueId: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9-]*:\\S+$' },
        authors: { type: 'array', items: nonEmpty },
        url: { type: 'string' },
        // A case is built step by step (`recheck new`, then `recheck case add-...`): every list may start empty.
        claims: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['id', 'text'],
            properties: { id, text: nonEmpty, section: { type: 'string' }, withdrawn },
          },
        },
      },
    },
    logbooks: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'path', 'format', 'title'],
        properties: {
          id,
          path: relPath,
          format: { enum: ['trackio', 'plain'] },
          title: nonEmpty,
          author: { type: 'string' },
          // Referenced in place on this reviewer's machine (recheck import trackio --link): where it lives is in
          // the user's link registry, not here; `path` is then only the logbook's name inside the case.
          linked: { type: 'boolean' },
        },
      },
    },
    falsifications: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'claim', 'logbook', 'assertion', 'checks'],
        properties: {
          id,
          claim: id,
          logbook: id,
          // What the logbook's finding says (the challenge's four verdicts); absent: falsified.
          says: { enum: ['verified', 'falsified', 'toy', 'inconclusive'] },
          assertion: nonEmpty,
          // Where the assertion is quoted from: a logbook of the case, and the page and cell in it.
          source: {
            type: 'object',
            additionalProperties: false,
            required: ['logbook'],
            properties: { logbook: id, page: nonEmpty, cell: nonEmpty },
          },
          checks: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['id', 'kind', 'title', 'params'],
              properties: { id, kind: id, title: nonEmpty, params: { type: 'object' }, withdrawn },
            },
          },
          // The adversarial checklist (app/cases/checklist.ts): answers by stable question id.
          checklist: {
            type: 'object',
            additionalProperties: false,
            properties: Object.fromEntries(CHECKLIST_IDS.map((q) => [q, checklistAnswer])),
          },
          withdrawn,
        },
      },
    },
    perceptual,
  },
};
