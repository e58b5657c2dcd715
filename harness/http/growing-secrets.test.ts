import { describe, expect, it } from 'vitest';
import { derivedFromSecrets, GrowingSecrets, readSecrets } from './growing-secrets.js';

describe('GrowingSecrets', () => {
  it('hands out the same frozen array until a new value is added, then a new one holding it', () => {
    const secrets = new GrowingSecrets(['tok_a']);
    const first = secrets.current();
    expect(secrets.current()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    secrets.add(['tok_a', '']);
    expect(secrets.current()).toBe(first);
    secrets.add(['tok_b', 'tok_b']);
    expect(secrets.current()).not.toBe(first);
    expect(secrets.current()).toEqual(['tok_a', 'tok_b']);
    expect(first).toEqual(['tok_a']);
  });
});

describe('readSecrets and derivedFromSecrets', () => {
  it('read a fixed list as it is, and a growing one as it is now', () => {
    const secrets = new GrowingSecrets(['a']);
    expect(readSecrets(['x'])).toEqual(['x']);
    expect(readSecrets(undefined)).toEqual([]);
    expect(readSecrets(secrets.current)).toEqual(['a']);
    secrets.add(['b']);
    expect(readSecrets(secrets.current)).toEqual(['a', 'b']);
  });

  it('derive again only when the list changed', () => {
    const secrets = new GrowingSecrets(['a']);
    let derivations = 0;
    const joined = derivedFromSecrets(secrets.current, (now) => {
      derivations += 1;
      return now.join('+');
    });
    expect([joined(), joined()]).toEqual(['a', 'a']);
    secrets.add(['b']);
    expect([joined(), joined()]).toEqual(['a+b', 'a+b']);
    expect(derivations).toBe(2);
  });
});
