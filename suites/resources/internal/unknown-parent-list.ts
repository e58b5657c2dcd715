// What a list nested under a parent that does not exist answered, as resources.read-unknown-id
// judges it (2/3, 7/1). Pure.
import { asRecord, isSuccess } from '../../internal/answer-shape.js';

/**
 * - 'refused': a 4xx;
 * - 'empty-page': a success with a page whose items are empty;
 * - 'empty-not-a-page': a success listing nothing, but not as a page: a bare [] (json-server 0.17.4)
 *   or an envelope whose arrays are all empty ({data: [], total: 0}). Nothing leaks, which is what
 *   this rule asks; the missing page envelope is resources.list-answers-with-page's to fail, and
 *   failing it here again would name one cause twice (issue 35, row 7);
 * - 'listed': anything else: records under a parent that does not exist, a 5xx, a 3xx.
 */
export type UnknownParentAnswer = 'refused' | 'empty-page' | 'empty-not-a-page' | 'listed';

export function classifyUnknownParentList(status: number, json: unknown): UnknownParentAnswer {
  if (status >= 400 && status <= 499) return 'refused';
  if (!isSuccess(status)) return 'listed';
  if (Array.isArray(json)) return json.length === 0 ? 'empty-not-a-page' : 'listed';
  const body = asRecord(json);
  if (body === undefined) return 'listed';
  if (Array.isArray(body['items'])) return body['items'].length === 0 ? 'empty-page' : 'listed';
  const arrays = Object.values(body).filter((value): value is unknown[] => Array.isArray(value));
  return arrays.length > 0 && arrays.every((array) => array.length === 0) ? 'empty-not-a-page' : 'listed';
}
