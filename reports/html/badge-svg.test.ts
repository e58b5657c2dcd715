import { describe, expect, it } from 'vitest';
import { parseXml, type XmlElement } from '../test-support/parse-xml.js';
import { sampleFailingRun, sampleHostileRun, samplePassedRun } from '../../harness/model/test-support/sample-run.js';
import { describeBadge, renderBadgeSvg } from './badge-svg.js';

function findAll(element: XmlElement, name: string): XmlElement[] {
  return [...(element.name === name ? [element] : []), ...element.children.flatMap((child) => findAll(child, name))];
}

describe('renderBadgeSvg', () => {
  it('is well-formed SVG saying "apicert | passed 3/3" in green for a passing run', () => {
    const svg = parseXml(renderBadgeSvg(samplePassedRun()));
    expect(svg.name).toBe('svg');
    expect(svg.attributes['xmlns']).toBe('http://www.w3.org/2000/svg');
    expect(findAll(svg, 'text').map((text) => text.text)).toEqual(['apicert', 'passed 3/3']);
    expect(findAll(svg, 'rect').map((rect) => rect.attributes['fill'])).toEqual(['#555', '#2e7d32']);
  });

  it('is red and counts the required classes that passed for a failing run', () => {
    const run = sampleFailingRun();
    expect(describeBadge(run)).toBe('failed 1/2');
    const svg = parseXml(renderBadgeSvg(run));
    expect(findAll(svg, 'rect')[1]?.attributes['fill']).toBe('#c62828');
  });

  it('keeps the target out of the badge, however hostile it is', () => {
    const text = renderBadgeSvg(sampleHostileRun());
    expect(() => parseXml(text)).not.toThrow();
    expect(text).not.toContain('127.0.0.1');
    expect(text).not.toContain('<script');
  });
});
