import { describe, expect, it } from 'vitest';
import { describeAnswer } from './describe-answer.js';

describe('describeAnswer', () => {
  it('names the status, the media type without parameters and the size', () => {
    expect(describeAnswer({ status: 500, headers: { 'content-type': 'text/plain' }, body: Buffer.alloc(0) })).toBe(
      '500 text/plain, empty',
    );
    expect(
      describeAnswer({
        status: 404,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: Buffer.from('{"error":{}}'),
      }),
    ).toBe('404 application/json, 12 bytes');
    expect(describeAnswer({ status: 400, headers: {}, body: Buffer.from('x') })).toBe('400 no Content-Type, 1 byte');
    expect(describeAnswer({ status: 400, headers: {}, body: Buffer.from('x') }, { withSize: false })).toBe(
      '400 no Content-Type',
    );
  });
});
