// Every reporter shows a stateful check's shrunk sequence as its numbered steps, the one that broke
// the rule marked, and keeps hostile text in a step inert.
import { describe, expect, it } from 'vitest';
import { buildCheck, buildRun } from '../harness/model/test-support/sample-run.js';
import { renderConsoleReport } from './console/render-console.js';
import { renderHtmlReport } from './html/render-html.js';
import { renderJunitReport } from './junit/render-junit.js';

const run = buildRun([
  buildCheck({
    id: 'resources.model-consistency',
    status: 'failed',
    message: 'GET /customers/cus_1 does not hold what the kit wrote last',
    counterexample: {
      steps: [
        '1. POST /customers {"name":"<script>x</script>"} → 201, id cus_1',
        '2. PUT /customers/cus_1 {"name":"Bea"} → 200',
        '3. GET /customers/cus_1 → 200',
      ],
      breaks: 'step 3: 4.1',
      seed: 7,
    },
  }),
]);

describe('a shrunk sequence in the reports', () => {
  it('is numbered in the console, the breaking step marked', () => {
    const text = renderConsoleReport(run, { color: false });
    expect(text).toContain('    sequence (shrunk), step 3: 4.1:\n      1. POST /customers');
    expect(text).toContain('      3. GET /customers/cus_1 → 200   ← breaks 4.1');
    expect(text).not.toContain('counterexample: {');
  });

  it('is a list in index.html, inert, the breaking step marked', () => {
    const html = renderHtmlReport(run);
    expect(html).toContain('<ul class="sequence-steps"><li>1. POST /customers {&quot;name&quot;:&quot;&lt;script&gt;');
    expect(html).toContain('<li class="step-breaks">3. GET /customers/cus_1 → 200 <strong>breaks 4.1</strong></li>');
    expect(html).not.toContain('<script>x');
  });

  it('is numbered in junit.xml', () => {
    const xml = renderJunitReport(run);
    expect(xml).toContain('3. GET /customers/cus_1 → 200   ← breaks 4.1');
    expect(xml).not.toContain('<script>x');
  });
});
