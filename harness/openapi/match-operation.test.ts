import { describe, expect, it } from 'vitest';
import type { ApiOperation } from './api-model.js';
import { OperationMatcher } from './match-operation.js';

const operation = (method: ApiOperation['method'], path: string): ApiOperation => ({
  method,
  path,
  pointer: '',
  queryParameters: [],
  headerParameters: [],
  callbacks: [],
  responses: [],
});

describe('OperationMatcher', () => {
  const operations = [
    operation('get', '/customers'),
    operation('get', '/customers/{id}'),
    operation('get', '/customers/search'),
    operation('delete', '/customers/{id}'),
    operation('get', '/files/{name}.json'),
  ];

  it('finds the operation of a concrete path, a literal segment before a template one', () => {
    const matcher = new OperationMatcher(operations, []);
    expect(matcher.match('GET', '/customers/cus_1')).toMatchObject({
      kind: 'operation',
      operation: { path: '/customers/{id}' },
    });
    expect(matcher.match('GET', '/customers/search')).toMatchObject({
      kind: 'operation',
      operation: { path: '/customers/search' },
    });
    expect(matcher.match('get', '/customers/')).toMatchObject({ kind: 'operation', operation: { path: '/customers' } });
    expect(matcher.match('GET', '/files/a.json')).toMatchObject({
      kind: 'operation',
      operation: { path: '/files/{name}.json' },
    });
  });

  it('tells a path documented with other methods from one not documented at all', () => {
    const matcher = new OperationMatcher(operations, []);
    expect(matcher.match('PATCH', '/customers/cus_1')).toEqual({
      kind: 'method-not-documented',
      template: '/customers/{id}',
    });
    expect(matcher.match('GET', '/customers/cus_1/orders')).toEqual({ kind: 'path-not-documented' });
    // A template segment never spans a slash.
    expect(matcher.match('GET', '/files/a/b.json')).toEqual({ kind: 'path-not-documented' });
  });

  it('strips the base path the templates are relative to, the longest first', () => {
    const matcher = new OperationMatcher(operations, ['/api', '/api/v1/', '/']);
    expect(matcher.match('GET', '/api/v1/customers/7')).toMatchObject({
      kind: 'operation',
      operation: { path: '/customers/{id}' },
    });
    expect(matcher.match('GET', '/api/customers')).toMatchObject({
      kind: 'operation',
      operation: { path: '/customers' },
    });
    expect(matcher.match('GET', '/customers')).toMatchObject({ kind: 'operation', operation: { path: '/customers' } });
  });
});
