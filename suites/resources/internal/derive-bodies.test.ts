import { describe, expect, it } from 'vitest';
import { derivePatchBody, deriveReplaceBody } from './derive-bodies.js';

describe('derived bodies', () => {
  it('changes every string of the sample for PUT but keeps placeholders of ids', () => {
    expect(deriveReplaceBody({ name: 'Ada', customerId: '{fixture:customers}', total: 3 })).toEqual({
      name: 'Ada replaced',
      customerId: '{fixture:customers}',
      total: 3,
    });
  });

  it('patches the first plain string field', () => {
    expect(derivePatchBody({ customerId: '{fixture:customers}', status: 'pending', note: 'x' })).toEqual({ status: 'pending patched' });
    expect(derivePatchBody({ total: 1 })).toBeUndefined();
  });
});
