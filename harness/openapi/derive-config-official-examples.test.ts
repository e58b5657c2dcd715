// deriveConfig on documents modelled on the OpenAPI Initiative's own examples (petstore-expanded,
// webhook-example, callback-example), which a user tries first.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deriveConfig, type Derivation } from './derive-config.js';
import { loadOpenApi } from './load-openapi.js';

const documents = fileURLToPath(new URL('./test-support/documents/', import.meta.url));

async function derivedFrom(name: string): Promise<Derivation> {
  const loaded = await loadOpenApi(`${documents}${name}`);
  return deriveConfig(loaded.model, { seed: 1, baseUrl: 'http://127.0.0.1:1' });
}

const lineAt = (derivation: Derivation, pointer: string) => derivation.lines.find((line) => line.pointer === pointer);

describe('deriveConfig on the official examples', () => {
  it("petstore-expanded: finds Pet's id inside allOf, no guess", async () => {
    const derivation = await derivedFrom('petstore-expanded-3.0.yaml');
    const [pets] = (derivation.config as { collections: Record<string, unknown>[] }).collections;
    expect(pets).toMatchObject({ name: 'pets', path: '/pets', sample: { name: expect.any(String) } });
    expect(pets).not.toHaveProperty('idField');
    expect(lineAt(derivation, '/collections/0/idField')).toBeUndefined();
    expect(derivation.lines.map((line) => line.text).join('\n')).not.toMatch(/names no "id"/);
  });

  it('petstore-expanded: no security anywhere, so no credential is asked for', async () => {
    const derivation = await derivedFrom('petstore-expanded-3.0.yaml');
    expect((derivation.config as { target: { auth: object } }).target.auth).toEqual({ none: true });
    expect(lineAt(derivation, '/target/auth/none')?.kind).toBe('derived');
  });
});
