import { describe, expect, it } from 'vitest';
import { credentialFlaws } from '../../../harness/http/http-types.js';
import { credentialFlawNames, credentialFlawsFor } from './credential-flaws.js';

describe('credentialFlawsFor', () => {
  it('probes every flaw the HTTP client can build', () => {
    expect(Object.keys(credentialFlawNames)).toEqual([...credentialFlaws]);
    expect(credentialFlawsFor({ scheme: 'Bearer' }).probed).toEqual([...credentialFlaws]);
  });

  it('leaves out the scheme-only header for a bare token, saying why', () => {
    const { probed, leftOut } = credentialFlawsFor({ scheme: '' });
    expect(probed).not.toContain('scheme-only');
    expect(leftOut).toEqual([{ flaw: 'scheme-only', why: expect.stringContaining('bare token') as string }]);
  });
});
