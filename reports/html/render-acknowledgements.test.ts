import { describe, expect, it } from 'vitest';
import type { AcknowledgementsChart } from '../../harness/model/check-chart.js';
import { acknowledgementBounds, renderAcknowledgements } from './render-acknowledgements.js';

const chartOf = (
  deliveries: AcknowledgementsChart['deliveries'],
  budgetMs = 1000,
  omitted = 0,
): AcknowledgementsChart => ({ kind: 'acknowledgements', budgetMs, deliveries, omitted });

describe('renderAcknowledgements', () => {
  it('draws a bar per delivery coloured by the kind of answer, against the budget line, and says it in words', () => {
    const html = renderAcknowledgements(
      chartOf([
        { label: 'valid signature', ms: 12, status: 200 },
        { label: 'forged signature', ms: 30, status: 401 },
        { label: 'slow', ms: 1500 },
      ]),
      'c',
    );
    expect(html).toMatch(/^<figure class="acknowledgements"><svg [^>]*aria-labelledby="c-acks-title c-acks-desc"/);
    expect(html.match(/<rect [^>]*fill="(#\w+)"/g)?.map((bar) => /fill="(#\w+)"/.exec(bar)![1])).toEqual([
      '#2e7d32',
      '#78909c',
      '#ef6c00',
    ]);
    expect(html).toContain('>budget 1000 ms<');
    expect(html).toContain(
      'valid signature: answered 200 after 12 ms; forged signature: answered 401 after 30 ms; slow: no answer after 1500 ms; budget 1000 ms.',
    );
  });

  it('is empty without deliveries, bounded with many, and inert with a hostile label', () => {
    expect(renderAcknowledgements(chartOf([]), 'c')).toBe('');
    const many = renderAcknowledgements(
      chartOf(
        Array.from({ length: 40 }, (_, i) => ({ label: `d${i}`, ms: i, status: 200 })),
        1000,
        5,
      ),
      'c',
    );
    expect(many.match(/<rect /g)).toHaveLength(acknowledgementBounds.deliveries);
    expect(many).toContain('(25 more deliveries not drawn)');
    // Answers of a few ms against a budget of a second: scaled to the slowest, the budget named off the scale.
    expect(many).toContain('>budget 1000 ms: off the scale →<');
    const hostile = renderAcknowledgements(
      chartOf([{ label: '<img src=x onerror=alert(1)>', ms: 1, status: 200 }]),
      'c',
    );
    expect(hostile).not.toContain('<img');
  });
});
