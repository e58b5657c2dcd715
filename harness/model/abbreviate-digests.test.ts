import { describe, expect, it } from 'vitest';
import { abbreviateDigests } from './abbreviate-digests.js';

const digest = '757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';

describe('abbreviateDigests', () => {
  it('keeps the label and eight characters of the digest', () => {
    expect(abbreviateDigests(`sha256=${digest}`)).toBe('sha256=757107ea…');
    expect(abbreviateDigests(digest)).toBe('757107ea…');
    expect(abbreviateDigests('sha256=abc')).toBe('sha256=abc');
  });

  it("cuts every digest of a profile's header and keeps its labels and timestamp", () => {
    expect(abbreviateDigests(`t=1767225600,v1=${digest},v1=${'b'.repeat(64)}`)).toBe(
      't=1767225600,v1=757107ea…,v1=bbbbbbbb…',
    );
    expect(
      abbreviateDigests(
        'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4= v1,aGVsbG8gd29ybGQgaGVsbG8gd29ybGQgaGVsbG8gd29y=',
      ),
    ).toBe('v1,K5oZfzN9… v1,aGVsbG8g…');
  });
});
