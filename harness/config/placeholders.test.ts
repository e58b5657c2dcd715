import { describe, expect, it } from 'vitest';
import { findPlaceholderTokens, isPlaceholderName } from './placeholders.js';

describe('findPlaceholderTokens', () => {
  it('finds placeholders with and without an argument', () => {
    expect(findPlaceholderTokens('ada.{unique}@x.com by {fixture:customers}')).toEqual([
      { text: '{unique}', name: 'unique' },
      { text: '{fixture:customers}', name: 'fixture', argument: 'customers' },
    ]);
  });

  it('does not mistake JSON or blank braces in user data for placeholders', () => {
    expect(findPlaceholderTokens('{"a":1} { } {1x}')).toEqual([]);
  });

  it("knows the kit's placeholder names only", () => {
    expect(isPlaceholderName('parentId')).toBe(true);
    expect(isPlaceholderName('toString')).toBe(false);
  });
});
