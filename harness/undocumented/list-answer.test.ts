import { describe, expect, it } from 'vitest';
import { linkedCollections, readListAnswer } from './list-answer.js';

describe('readListAnswer', () => {
  it("tells the convention's page, a bare array and an envelope apart", () => {
    expect(readListAnswer('{"items":[{"id":1}],"next_cursor":"a","has_more":true}', 'things')).toEqual({
      shape: 'page',
      records: [{ id: 1 }],
      hasMore: true,
    });
    expect(readListAnswer('[{"id":1},{"id":2}]', 'things')).toEqual({
      shape: 'array',
      records: [{ id: 1 }, { id: 2 }],
    });
    expect(readListAnswer('{"data":[],"meta":{}}', 'things')).toEqual({ shape: 'envelope', key: 'data', records: [] });
    expect(readListAnswer('{"things":[{"id":"t"}]}', 'things')).toMatchObject({ shape: 'envelope', key: 'things' });
  });

  it('takes no record, an HTML page, a list of numbers or deep nesting for a list', () => {
    expect(readListAnswer('<html></html>', 'things')).toBeUndefined();
    expect(readListAnswer('[1,2,3]', 'things')).toBeUndefined();
    expect(readListAnswer('{"id":1,"name":"one"}', 'things')).toBeUndefined();
    expect(readListAnswer('['.repeat(50_000) + ']'.repeat(50_000), 'things')).toBeUndefined();
  });

  it('keeps only the first few records of a long list', () => {
    const long = JSON.stringify(Array.from({ length: 1000 }, (_, id) => ({ id })));
    expect(readListAnswer(long, 'things')?.records).toHaveLength(5);
  });
});

describe('linkedCollections', () => {
  it('follows root links to paths one segment under the base URL on its own origin only', () => {
    const root = JSON.stringify({
      users_url: 'https://api.example.com/v1/users',
      _links: { self: { href: '/v1' }, orders: { href: '/v1/orders/' }, evil: { href: 'https://evil.example/v1/x' } },
      deep: 'https://api.example.com/v1/users/{id}/repos',
      other: 'https://other.example.com/v1/users',
      text: 'hello',
    });
    expect(linkedCollections(root, 'https://api.example.com/v1', 20)).toEqual(['/users', '/orders']);
    expect(linkedCollections(root, 'https://api.example.com/v1', 1)).toEqual(['/users']);
    expect(linkedCollections('not json', 'https://api.example.com', 20)).toEqual([]);
  });
});
