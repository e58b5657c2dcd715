import { defineCheck } from '../define-check.js';
import { judgeAspect } from './internal/judge-aspect.js';

// The document's Media Type Objects: a documented answer lists the media types its body may have.
// Only answers whose status is documented with content are judged.
export const contentTypeDocumented = defineCheck({
  id: 'openapi-contract.content-type-documented',
  suite: 'openapi-contract',
  conformanceClass: 'openapi-contract',
  rule: 'the API description: responses, content',
  level: 'normative',
  title: 'Every answer with a body has a media type its documented answer lists',
  proves:
    'Each answer with a body, to a documented operation and status that lists content, carried a Content-Type matching one of the listed media types (wildcards and parameters allowed).',
  covers:
    'the answers with a body that every other check received, where the document lists content for their operation and status',
  probes: [
    'a JSON body labelled text/plain or text/html',
    'a body with no Content-Type',
    'a media type other than the documented one (application/json where application/problem+json is listed)',
  ],
  provenBy: ['json-as-text-plain'],
  async run(ctx) {
    return judgeAspect(ctx, 'content-type', {
      expected: 'a Content-Type the documented answer lists',
      breaches: 'carried a media type their documented answer does not list in',
    });
  },
});
