import { describe, expect, it } from 'vitest';
import type { ObservedAnswer } from '../model/answer-contract.js';
import type { ExchangeRecord } from '../model/evidence.js';
import type { ApiModel } from './api-model.js';
import { createAnswerContract } from './response-contract.js';

const model: ApiModel = {
  version: '3.1.0',
  servers: ['https://api.example.com/v2'],
  security: [],
  statesSecurity: false,
  declaredSchemes: [],
  webhooks: [],
  operations: [
    {
      method: 'get',
      path: '/items/{id}',
      pointer: '',
      queryParameters: [],
      headerParameters: [],
      callbacks: [],
      responses: [
        {
          status: '200',
          pointer: '',
          content: [{ mediaType: 'application/json', schema: { type: 'object', required: ['id'] } }],
        },
      ],
    },
  ],
};

const record: ExchangeRecord = {
  direction: 'outbound',
  request: { method: 'GET', url: 'x', headers: {} },
  startedAt: '',
  durationMs: 1,
};
const answer = (path: string, status: number, json: unknown, method = 'GET'): ObservedAnswer => ({
  checkId: 'resources.some-check',
  method,
  url: `http://127.0.0.1:1${path}`,
  status,
  headers: { 'content-type': 'application/json' },
  json,
  bodyBytes: 10,
  record,
});

describe('createAnswerContract', () => {
  it("matches paths under the base URL's path or a server's, and keeps what it judged", () => {
    const contract = createAnswerContract(model, { source: 'doc.yaml', baseUrl: 'http://127.0.0.1:1/staging' });
    contract.observe(answer('/staging/items/1', 200, { id: 1 }));
    contract.observe(answer('/v2/items/2', 200, { id: 2 }));
    contract.observe(answer('/items/3', 200, {}));
    contract.observe(answer('/items/3', 200, { id: 3 }, 'DELETE'));
    contract.observe(answer('/other', 200, {}));
    const report = contract.report();
    expect(report).toMatchObject({
      source: 'doc.yaml',
      answersSeen: 5,
      answersMatched: 3,
      undocumented: [
        { item: 'DELETE /items/{id}', count: 1 },
        { item: 'GET /other', count: 1 },
      ],
    });
    expect(report.aspects.status).toEqual({
      judged: ['GET /items/{id} 200'],
      notJudged: [],
      breachCount: 0,
      breaches: [],
    });
    expect(report.aspects.body.breachCount).toBe(1);
    expect(report.aspects.body.breaches).toEqual([
      {
        item: 'GET /items/{id} 200',
        message: "the body does not match the schema for 200: / must have required property 'id' ()",
        checkId: 'resources.some-check',
        record,
      },
    ]);
  });

  it('stays bounded however many answers break the document', () => {
    const contract = createAnswerContract(model, { source: 'doc.yaml', baseUrl: 'http://127.0.0.1:1' });
    for (let index = 0; index < 5000; index += 1) {
      contract.observe(answer('/items/1', 400 + (index % 100), {}));
      contract.observe(answer(`/unknown/${index}`, 200, {}));
    }
    const report = contract.report();
    expect(report.aspects.status.breachCount).toBe(5000);
    expect(report.aspects.status.breaches.length).toBeLessThanOrEqual(40);
    expect(report.aspects.status.judged.length).toBe(100);
    expect(report.undocumented.length).toBeLessThanOrEqual(31);
    expect(report.undocumented.at(-1)).toEqual({ item: 'other requests', count: 5000 - 30 });
  });

  it('redacts a secret the target echoes before it cuts a message, so no part of it is kept', () => {
    const token = 'tok_5f3a9c1e7b2d4f60a8c3';
    const contract = createAnswerContract(model, {
      source: 'doc.yaml',
      baseUrl: 'http://127.0.0.1:1',
      secrets: [token],
    });
    for (const offset of [0, 250, 280, 295]) {
      contract.observe({
        ...answer('/items/1', 200, { id: 1 }),
        headers: { 'content-type': `text/${'x'.repeat(offset)}${token}` },
      });
      contract.observe({
        ...answer('/unknown/1', 200, {}),
        url: `http://127.0.0.1:1/${'p'.repeat(offset % 120)}${token}`,
      });
    }
    const report = JSON.stringify(contract.report());
    for (let start = 0; start + 6 <= token.length; start += 1)
      expect(report).not.toContain(token.slice(start, start + 6));
  });

  it('never throws on an answer it cannot read', () => {
    const contract = createAnswerContract(model, { source: 'doc.yaml', baseUrl: 'http://127.0.0.1:1' });
    expect(() => contract.observe({ ...answer('/items/1', 200, {}), url: 'not a url' })).not.toThrow();
    expect(contract.report().answersMatched).toBe(0);
  });
});
