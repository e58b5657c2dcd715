import { describe, expect, it } from 'vitest';
import { sampleFullRun } from '../../harness/model/test-support/sample-run.js';
import { renderConfigDerivation } from './render-config-derivation.js';

describe('renderConfigDerivation', () => {
  it("lists each key derived and each to fill, escapes the document's words and says how many were not kept", () => {
    const run = sampleFullRun();
    const derivation = run.configDerivation!;
    const hostile = {
      ...run,
      configDerivation: {
        ...derivation,
        source: '<script>alert(1)</script>.json',
        keys: [
          ...derivation.keys,
          { kind: 'derived' as const, pointer: '/collections/1', text: '<img src=x onerror=alert(1)>' },
        ],
      },
    };
    const html = renderConfigDerivation(hostile);
    expect(html).toContain('2 keys derived, 1 it could not fill');
    expect(html).toContain('<td>to fill</td><td><code>/webhooks/receiver</code></td>');
    expect(html).toContain('(+3 more keys not kept in the report)');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;');
  });

  it('renders nothing for a run whose config came from a file', () => {
    const { configDerivation: _left, ...run } = sampleFullRun();
    expect(renderConfigDerivation(run)).toBe('');
  });
});
