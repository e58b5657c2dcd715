// Which operations a collection offers: declared ones are the config's word; undeclared, a 405 is
// taken as "not offered" and said so with the key to declare; any other answer is judged as before.
import { describe, expect, it } from 'vitest';
import { declaredNotOffered, isOffered, isUndeclaredNotOffered } from './operations-offered.js';

const pets = { name: 'pets', operations: ['list', 'read', 'create', 'delete'] as const };
const owners = { name: 'owners' };
const toys = { name: 'toys', operations: ['list', 'read'] as const };

function recorder() {
  const said: string[] = [];
  return {
    said,
    ctx: {
      leaveOut: (item: string, why: string) => void said.push(`left out ${item}: ${why}`),
      advise: (message: string) => void said.push(`advice: ${message}`),
    },
  };
}

describe('operations a collection offers', () => {
  it('are every one when undeclared, and only those listed when declared', () => {
    expect(isOffered(owners, 'replace')).toBe(true);
    expect(isOffered(pets, 'replace')).toBe(false);
    expect(isOffered(pets, 'delete')).toBe(true);
  });

  it('name the key of a collection and of a related list', () => {
    expect(declaredNotOffered(pets, 'replace')).toBe(
      'the operations declared for "pets" (collections[].operations) leave out replace',
    );
    expect(declaredNotOffered(toys, 'create', owners)).toBe(
      'the operations declared for "owners"\'s "toys" (collections[].related[].operations) leave out create',
    );
  });

  it('take an undeclared 405 as not offered, leaving it out with advice', () => {
    const { ctx, said } = recorder();
    expect(isUndeclaredNotOffered(ctx, owners, 'change', 'PATCH /owners/{id}', 405)).toBe(true);
    expect(said).toEqual([
      'left out PATCH /owners/{id}: answered 405 (Method Not Allowed): taken as not offered',
      expect.stringMatching(
        /^advice: PATCH \/owners\/\{id\} answered 405 \(Method Not Allowed\), so it was taken as not offered and not judged; declare the operations of "owners" \(collections\[\]\.operations\) without "change"/,
      ),
    ]);
  });

  it('judge a 405 on a declared operation, and any other status, as before', () => {
    const { ctx, said } = recorder();
    expect(isUndeclaredNotOffered(ctx, pets, 'delete', 'DELETE /pets/{id}', 405)).toBe(false);
    expect(isUndeclaredNotOffered(ctx, owners, 'change', 'PATCH /owners/{id}', 404)).toBe(false);
    expect(isUndeclaredNotOffered(ctx, owners, 'change', 'PATCH /owners/{id}', 501)).toBe(false);
    expect(said).toEqual([]);
  });
});
