import { defineCheck } from '../define-check.js';
import { judgeAspect } from './internal/judge-aspect.js';

// The document's schemas: a JSON body must validate against the schema its documented answer
// gives, with the JSON Schema draft the document's version uses (2020-12 for 3.1, draft-07 with
// `nullable` for 3.0 and 2.0) and its formats.
export const bodyMatchesSchema = defineCheck({
  id: 'openapi-contract.body-matches-schema',
  suite: 'openapi-contract',
  conformanceClass: 'openapi-contract',
  rule: 'the API description: responses, schema',
  level: 'normative',
  title: 'Every JSON body validates against the schema its documented answer gives',
  proves:
    'Each JSON answer to a documented operation and status, with a documented media type and schema, validated against that schema (types, required fields, enums, formats, additional properties).',
  covers:
    'the JSON bodies every other check received, where the document gives a schema for their operation, status and media type (bodies up to 4 MiB)',
  probes: [
    'a list that is not the documented page object',
    'a field of another type, or missing, or not allowed',
    'an empty or non-JSON body where a schema is documented',
    'a value outside its documented format or enum',
  ],
  provenBy: ['list-not-a-page', 'get-unknown-id-200'],
  async run(ctx) {
    return judgeAspect(ctx, 'body', {
      expected: 'a body that validates against the documented schema',
      breaches: 'had a body that does not match its documented schema in',
    });
  },
});
