// The resources suite: sections 1, 2, 4.1 and 5.1 of the convention, in the order they start. Eight
// run at once (SuiteDefinition.checksSideBySide): the ones with the longest chains of requests that
// wait for each other start first, so the suite ends when its longest check does, not after it.
import type { Check } from '../define-check.js';
import { authRequired } from './auth-required.js';
import { createThenRead } from './create-then-read.js';
import { deleteRemovesRecord } from './delete-removes-record.js';
import { errorResponsesAreJson } from './error-responses-are-json.js';
import { idIsStable } from './id-is-stable.js';
import { listAnswersWithPage } from './list-answers-with-page.js';
import { malformedJsonRejected } from './malformed-json-rejected.js';
import { modelConsistency } from './model-consistency.js';
import { patchChangesGivenFields } from './patch-changes-given-fields.js';
import { pluralCollectionNames } from './plural-collection-names.js';
import { putReplacesRecord } from './put-replaces-record.js';
import { readUnknownId } from './read-unknown-id.js';
import { relatedCollectionIsolated } from './related-collection-isolated.js';
import { responsesAreJson } from './responses-are-json.js';
import { statelessRequests } from './stateless-requests.js';

export const resourceChecks: readonly Check[] = [
  modelConsistency,
  statelessRequests,
  authRequired,
  errorResponsesAreJson,
  pluralCollectionNames,
  listAnswersWithPage,
  createThenRead,
  readUnknownId,
  putReplacesRecord,
  patchChangesGivenFields,
  deleteRemovesRecord,
  idIsStable,
  relatedCollectionIsolated,
  responsesAreJson,
  malformedJsonRejected,
];
