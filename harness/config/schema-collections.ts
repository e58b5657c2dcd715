// The config schema's collections (collections[] and their related[] lists): what the kit
// exercises, how each list pages and which operations of convention 4.1 it offers. Part of the one
// description of the config (schema.ts).
import * as P from './config-patterns.js';
import { body, filledSection, section, text } from './schema-nodes.js';

const allPaginationStyles = ['offset', 'page', 'cursor'] as const;

// The operations of convention 4.1, as the kit names them (suites/internal/surface-inventory.ts).
/**
 * Most related collections under one collection, and most collections in a config: a run judges
 * each list with dozens of requests, so a config of thousands would run for hours (split it into
 * several configs instead). Far above any API's one resource family.
 */
export const maxRelatedPerCollection = 20;
export const maxCollections = 100;

const allOperations = ['list', 'read', 'create', 'replace', 'change', 'delete'] as const;

// No default: an undeclared set means "every operation is tried", and a 405 is then taken as "not
// offered" with advice to declare it, where a declared one fails.
const operationsOffered = (what: string) =>
  ({
    type: 'array',
    description: `The operations of convention 4.1 ${what} offers: "list" (GET the list), "read" (GET a member), "create" (POST), "replace" (PUT), "change" (PATCH), "delete" (DELETE). An operation left out is never sent and the checks that need it say so; one listed is judged, and a 405 to it fails. Default: not declared: every operation is tried, and one answered 405 (Method Not Allowed) is left out with advice to declare it here.`,
    items: { type: 'string', enum: allOperations },
    minItems: 1,
    uniqueItems: true,
  }) as const;

const listPagination = (description: string) =>
  filledSection(description, {
    // No default: unpinned, the pagination suite finds which styles the list offers.
    styles: {
      type: 'array',
      description:
        'Pagination styles the list offers: "offset" (limit/offset), "page" (page/per_page), "cursor" (after). Default: found by the pagination suite (a style is offered when a parameter of its own changes the answer); listing them pins them.',
      items: { type: 'string', enum: allPaginationStyles },
      minItems: 1,
      uniqueItems: true,
    },
  });

const related = section(
  'A related collection nested under a member of its parent, e.g. /customers/{id}/orders.',
  {
    name: text('Name of the related collection, unique within its parent.', P.COLLECTION_NAME),
    path: text('Nested path; "{id}" is the parent\'s identifier, e.g. "/customers/{id}/orders".', P.TARGET_PATH),
    idField: text('Field of a child record holding its identifier.', undefined, 'id'),
    sample: body('Body that creates a valid child. Strings may use {unique}, {fixture:NAME} and {parentId}.'),
    createPath: text(
      'Where children are created: "nested" POSTs to the nested path; a collection path (e.g. "/orders") POSTs there, with {parentId} in the sample.',
      P.CREATE_PATH,
      'nested',
    ),
    memberPath: text(
      'Path of one child, for reading and deleting it, e.g. "/orders/{childId}"; "{id}" is the parent\'s id. Default: the nested path + "/{childId}".',
      P.MEMBER_PATH,
    ),
    pagination: listPagination('How the nested list paginates.'),
    operations: operationsOffered('the related collection'),
  },
  ['name', 'path', 'sample'],
);

export const collection = section(
  'A collection the kit exercises: create, read, replace, change, delete and list.',
  {
    name: text(
      'Unique name of the collection (letters, digits, "_", "-", "."); {fixture:NAME} refers to it.',
      P.COLLECTION_NAME,
    ),
    path: text('Path of the collection, e.g. "/customers".', P.TARGET_PATH),
    idField: text('Field of a record holding its identifier.', undefined, 'id'),
    sample: body('Body that creates a valid record. Strings may use {unique} and {fixture:NAME}.'),
    replace: body(
      'Whole-record body for PUT; same placeholders as sample. Default: the sample with its string fields changed.',
    ),
    patch: body(
      'Partial body for PATCH; same placeholders as sample. Default: the first string field of the sample, changed.',
    ),
    related: {
      type: 'array',
      description: `Related collections nested under a member of this one; at most ${maxRelatedPerCollection}.`,
      items: related,
      maxItems: maxRelatedPerCollection,
      default: [],
    },
    pagination: listPagination('How this list paginates.'),
    operations: operationsOffered('the collection'),
  },
  ['name', 'path', 'sample'],
);
