import { defineCheck } from '../define-check.js';
import { judgeAspect } from './internal/judge-aspect.js';

// The document's Responses Object: each operation lists the statuses it answers with, one by one, as
// a range ("4XX") or as "default". An answer outside that list is one the document does not describe.
export const statusDocumented = defineCheck({
  id: 'openapi-contract.status-documented',
  suite: 'openapi-contract',
  conformanceClass: 'openapi-contract',
  rule: 'the API description: responses',
  level: 'normative',
  title: 'Every answer has a status its operation documents',
  proves:
    'Each answer the run received from a documented operation had a status that operation lists: the code itself, its range ("4XX") or "default".',
  covers:
    'the answers every other check of the run received from operations the document describes; requests it does not describe are listed, not judged',
  probes: [
    'a status the operation does not list (a 500 for bad input, a 200 where 201 is documented)',
    'an error status the document leaves out',
  ],
  provenBy: ['500-on-malformed-json'],
  async run(ctx) {
    return judgeAspect(ctx, 'status', {
      expected: 'a status the operation lists in the document',
      breaches: 'had a status their operation does not list in',
    });
  },
});
