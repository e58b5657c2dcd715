import { defineCheck } from '../define-check.js';
import { describeAnswer } from './internal/describe-answer.js';
import { leaveOutRelated } from './internal/related-left-out.js';
import { firstVerdictInOrder } from '../internal/map-in-parallel.js';

// Convention 1 and 7/1: a body that is not JSON is the client's error: a 4xx, never a 5xx.
const malformedBodies = ['{"name": ', '{name: "unquoted"}', '[1, 2,', 'not json at all'];

export const malformedJsonRejected = defineCheck({
  id: 'resources.malformed-json-rejected',
  suite: 'resources',
  conformanceClass: 'resources-core',
  rule: '1, 7/1',
  level: 'normative',
  leavesOpen: 'Which 4xx (7/3: not shown): any; only a 5xx or no refusal fails.',
  title: 'A malformed JSON request body gets a 4xx, never a 5xx',
  proves: 'POST and PUT with a body that does not parse are refused as client errors.',
  covers: "Every configured collection's create, with each malformed body. Related lists' creates are left out.",
  probes: ['a 5xx for a body that does not parse', 'a 2xx for a body that does not parse'],
  provenBy: ['500-on-malformed-json'],
  async run(ctx) {
    leaveOutRelated(ctx, "the kit sends malformed bodies to collections' creates only");
    // Side by side: each collection is judged on its own records; the first verdict in order is the check's.
    const verdict = await firstVerdictInOrder(
      ctx.config.collections,
      ctx.config.target.concurrency,
      async (collection) => {
        // Coverage names the answers seen, so a pass says which 4xx it rests on (issue 35, item 4).
        const answers: string[] = [];
        const cover = (): void =>
          ctx.cover(`POST ${collection.path} (malformed JSON bodies): answered ${[...new Set(answers)].join('; ')}`);
        for (const body of malformedBodies) {
          const response = await ctx.request({
            method: 'POST',
            path: collection.path,
            body,
            headers: { 'content-type': 'application/json' },
            note: 'POST a malformed JSON body',
          });
          // Without sizes, the same answer to each body reads once.
          answers.push(describeAnswer(response, { withSize: false }));
          if (response.status < 400 || response.status > 499) {
            cover();
            return ctx.fail(
              `POST ${collection.path} with the malformed body ${JSON.stringify(body)} answered ${response.status}; expected 4xx`,
              {
                expected: '4xx (for example 400)',
                actual: `${response.status}`,
                exchanges: [response.record],
              },
            );
          }
        }
        cover();
        return undefined;
      },
    );
    return verdict ?? ctx.pass();
  },
});
