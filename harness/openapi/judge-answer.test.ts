import { describe, expect, it } from 'vitest';
import type { ApiOperation, ApiResponse } from './api-model.js';
import { documentedResponse, judgeAnswer, maxValidatedBodyBytes, mediaTypeMatches } from './judge-answer.js';

const record = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    total: { type: 'number', nullable: true },
    createdAt: { type: 'string', format: 'date-time' },
  },
  required: ['id'],
};
const responses: ApiResponse[] = [
  { status: '200', pointer: '#200', content: [{ mediaType: 'application/json', schema: record }] },
  {
    status: '4XX',
    pointer: '#4XX',
    content: [{ mediaType: 'application/problem+json', schema: { type: 'object', required: ['title'] } }],
  },
  { status: '204', pointer: '#204', content: [] },
  {
    status: '202',
    pointer: '#202',
    content: [{ mediaType: 'text/csv' }, { mediaType: 'application/*', schema: { type: 'array' } }],
  },
];
const getOrder: ApiOperation = {
  method: 'get',
  path: '/orders/{id}',
  pointer: '#op',
  queryParameters: [],
  headerParameters: [],
  callbacks: [],
  responses,
};
const answer = (
  status: number,
  contentType: string | undefined,
  json: unknown,
  bodyBytes = JSON.stringify(json ?? '').length,
) => ({ status, contentType, json, bodyBytes });

describe('judgeAnswer', () => {
  it('passes an answer that matches its documented status, media type and schema', () => {
    expect(
      judgeAnswer(
        getOrder,
        answer(200, 'application/json; charset=utf-8', { id: 'o1', total: null, createdAt: '2026-11-25T10:00:00Z' }),
        '3.0.3',
      ),
    ).toEqual({
      item: 'GET /orders/{id} 200',
      status: { judged: true },
      contentType: { judged: true },
      body: { judged: true },
    });
  });

  it('names an undocumented status with the ones the operation lists, and judges nothing else of it', () => {
    const judged = judgeAnswer(getOrder, answer(500, 'application/json', {}), '3.0.3');
    expect(judged.status).toEqual({
      judged: true,
      breach: 'answered 500; the document lists 200, 4XX, 204, 202 for GET /orders/{id} (#op/responses)',
    });
    expect(judged.body).toEqual({ judged: false, why: 'its status is not documented' });
  });

  it('judges a 4xx under its range, with its own media type', () => {
    expect(
      judgeAnswer(getOrder, answer(404, 'application/problem+json', { title: 'Not Found' }), '3.0.3').body,
    ).toEqual({ judged: true });
    expect(judgeAnswer(getOrder, answer(404, 'application/json', { title: 'Not Found' }), '3.0.3').contentType).toEqual(
      {
        judged: true,
        breach: 'Content-Type application/json; the document lists application/problem+json for 4XX (#4XX)',
      },
    );
    expect(judgeAnswer(getOrder, answer(404, undefined, { title: 'x' }), '3.0.3').contentType).toMatchObject({
      breach: expect.stringMatching(/^no Content-Type;/),
    });
  });

  it('names the first schema problem, formats included, with the draft of the document', () => {
    expect(judgeAnswer(getOrder, answer(200, 'application/json', { total: 1 }), '3.0.3').body).toEqual({
      judged: true,
      breach: "the body does not match the schema for 200: / must have required property 'id' (#200)",
    });
    expect(
      judgeAnswer(getOrder, answer(200, 'application/json', { id: 'o1', createdAt: 'yesterday' }), '3.0.3').body,
    ).toMatchObject({ breach: expect.stringContaining('/createdAt must match format "date-time"') });
    // 3.0 keeps draft 4's boolean exclusiveMinimum: read as draft-07, 0 is still out of bounds.
    const positive: ApiOperation = {
      ...getOrder,
      responses: [
        {
          status: '200',
          pointer: '',
          content: [{ mediaType: 'application/json', schema: { type: 'number', minimum: 0, exclusiveMinimum: true } }],
        },
      ],
    };
    expect(judgeAnswer(positive, answer(200, 'application/json', 0), '3.0.3').body).toEqual({
      judged: true,
      breach: 'the body does not match the schema for 200: / must be > 0 ()',
    });
    expect(judgeAnswer(positive, answer(200, 'application/json', 0.5), '3.0.3').body).toEqual({ judged: true });
  });

  it('fails a missing or non-JSON body where a schema is documented', () => {
    expect(judgeAnswer(getOrder, answer(200, 'application/json', undefined, 0), '3.0.3').body).toEqual({
      judged: true,
      breach: 'no body, where the document gives a schema for application/json in 200 (#200)',
    });
    expect(judgeAnswer(getOrder, answer(200, 'application/json', undefined, 12), '3.0.3').body).toEqual({
      judged: true,
      breach: 'the body is not JSON, where the document gives a schema for application/json (#200)',
    });
    expect(
      judgeAnswer(
        getOrder,
        { ...answer(200, 'application/json', undefined, 12), jsonError: 'nested deeper than 100 levels' },
        '3.0.3',
      ).body,
    ).toMatchObject({ breach: expect.stringContaining('not JSON (nested deeper than 100 levels)') });
  });

  it('leaves out, with why, what the document does not describe', () => {
    expect(judgeAnswer(getOrder, answer(204, undefined, undefined, 0), '3.0.3').body).toEqual({
      judged: false,
      why: 'the document gives no content for 204',
    });
    expect(judgeAnswer(getOrder, answer(202, 'text/csv', undefined, 5), '3.0.3').body).toEqual({
      judged: false,
      why: 'text/csv is not JSON',
    });
    expect(
      judgeAnswer(getOrder, answer(200, 'application/json', { id: 'x' }, maxValidatedBodyBytes + 1), '3.0.3').body,
    ).toMatchObject({ judged: false, why: expect.stringMatching(/larger than/) });
    // A wildcard takes the JSON that was sent, and validates it.
    expect(judgeAnswer(getOrder, answer(202, 'application/vnd.x+json', {}), '3.0.3').body).toEqual({
      judged: true,
      breach: 'the body does not match the schema for 202: / must be array (#202)',
    });
  });

  it('leaves out a schema that does not compile (a circular $ref left unresolved)', () => {
    const circular: ApiOperation = {
      ...getOrder,
      responses: [
        {
          status: '200',
          pointer: '',
          content: [{ mediaType: 'application/json', schema: { $ref: '#/components/schemas/Node' } }],
        },
      ],
    };
    expect(judgeAnswer(circular, answer(200, 'application/json', {}), '3.1.0').body).toMatchObject({
      judged: false,
      why: expect.stringMatching(/^its schema does not compile: /),
    });
  });
});

describe('documentedResponse and mediaTypeMatches', () => {
  it('prefer the code, then its range, then default', () => {
    const all: ApiResponse[] = [
      { status: 'default', pointer: 'd', content: [] },
      { status: '4xx', pointer: 'r', content: [] },
      { status: '404', pointer: 'c', content: [] },
    ];
    expect(documentedResponse(all, 404)?.pointer).toBe('c');
    expect(documentedResponse(all, 400)?.pointer).toBe('r');
    expect(documentedResponse(all, 500)?.pointer).toBe('d');
    expect(documentedResponse([], 200)).toBeUndefined();
  });

  it('match wildcards and ignore parameters', () => {
    expect(mediaTypeMatches('application/json; charset=utf-8', 'application/json')).toBe(true);
    expect(mediaTypeMatches('application/*', 'application/json')).toBe(true);
    expect(mediaTypeMatches('*/*', 'text/plain')).toBe(true);
    expect(mediaTypeMatches('application/json', 'application/problem+json')).toBe(false);
  });
});

describe('judgeAnswer on what real documents write', () => {
  const withSchema = (schema: Record<string, unknown>): ApiOperation => ({
    ...getOrder,
    responses: [{ status: '200', pointer: '#200', content: [{ mediaType: 'application/json', schema }] }],
  });

  it("runs a document's pattern in linear time, whatever the answer (no ReDoS)", () => {
    const operation = withSchema({ type: 'object', properties: { name: { type: 'string', pattern: '^(a|a)*$' } } });
    const started = performance.now();
    const judged = judgeAnswer(operation, answer(200, 'application/json', { name: `${'a'.repeat(40)}!` }), '3.0.3');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(judged.body).toMatchObject({ breach: expect.stringContaining('/name must match pattern') });
  });

  it('leaves a pattern RE2 cannot read out, with why', () => {
    expect(
      judgeAnswer(withSchema({ type: 'string', pattern: '(?=a)a' }), answer(200, 'application/json', 'a'), '3.0.3')
        .body,
    ).toMatchObject({ judged: false, why: expect.stringMatching(/^its schema does not compile/) });
  });

  it('does not require writeOnly fields in an answer at any depth', () => {
    const customer = {
      type: 'object',
      properties: { name: { type: 'string' }, password: { type: 'string', writeOnly: true } },
      required: ['name', 'password'],
    };
    const page = withSchema({
      type: 'object',
      properties: { items: { type: 'array', items: customer } },
      required: ['items'],
    });
    expect(judgeAnswer(page, answer(200, 'application/json', { items: [{ name: 'Ada' }] }), '3.0.3').body).toEqual({
      judged: true,
    });
  });

  it('reads 3.0 nullable beside allOf, and Swagger 2.0 x-nullable, as "or null"', () => {
    const nullableRef = withSchema({
      type: 'object',
      properties: { next: { nullable: true, allOf: [{ type: 'string' }] } },
    });
    expect(judgeAnswer(nullableRef, answer(200, 'application/json', { next: null }), '3.0.3').body).toEqual({
      judged: true,
    });
    expect(judgeAnswer(nullableRef, answer(200, 'application/json', { next: 3 }), '3.0.3').body).toMatchObject({
      judged: true,
      breach: expect.any(String),
    });
    const swagger = withSchema({ type: 'object', properties: { next_cursor: { type: 'string', 'x-nullable': true } } });
    expect(judgeAnswer(swagger, answer(200, 'application/json', { next_cursor: null }), '2.0').body).toEqual({
      judged: true,
    });
  });

  it('names the allowed values of an enum', () => {
    const status = withSchema({ type: 'string', enum: ['pending', 'paid'] });
    expect(judgeAnswer(status, answer(200, 'application/json', 'lost'), '3.1.0').body).toEqual({
      judged: true,
      breach:
        'the body does not match the schema for 200: / must be equal to one of the allowed values (one of "pending", "paid") (#200)',
    });
  });

  it('judges no missing body where the documented media type has no schema', () => {
    const bare: ApiOperation = {
      ...getOrder,
      responses: [{ status: '200', pointer: '#200', content: [{ mediaType: 'application/json' }] }],
    };
    expect(judgeAnswer(bare, answer(200, undefined, undefined, 0), '3.0.3').body).toEqual({
      judged: false,
      why: 'the answer had no body',
    });
  });
});
