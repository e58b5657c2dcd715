import { describe, expect, it } from 'vitest';
import { isVolatileField } from './volatile-fields.js';

describe('isVolatileField', () => {
  it('knows timestamps, versions and entity tags, in any case', () => {
    expect(['updatedAt', 'modified_at', 'ETag', 'version'].every(isVolatileField)).toBe(true);
    expect(['name', 'createdAt', 'tier'].some(isVolatileField)).toBe(false);
  });
});
