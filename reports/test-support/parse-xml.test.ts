import { describe, expect, it } from 'vitest';
import { findElements, parseXml, XmlSyntaxError } from './parse-xml.js';

describe('parseXml', () => {
  it('decodes attributes, text, references and CDATA of a well-formed document', () => {
    const root = parseXml(
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- c --><a x="1 &amp; &#10;&#x41;" y=\'&quot;\'><b>t&lt;&gt;<![CDATA[<raw>]]></b><b/></a>\n',
    );
    expect(root.name).toBe('a');
    expect(root.attributes).toEqual({ x: '1 & \nA', y: '"' });
    expect(findElements(root, 'b').map((element) => element.text)).toEqual(['t<><raw>', '']);
  });

  it('normalizes literal whitespace in attribute values to spaces', () => {
    expect(parseXml('<a x="1\n2\t3"/>').attributes['x']).toBe('1 2 3');
  });

  it.each([
    ['an unclosed element', '<a><b></a>'],
    ['a mismatched end tag', '<a></b>'],
    ['a raw ampersand', '<a>fish & chips</a>'],
    ['an undeclared entity', '<a>&nbsp;</a>'],
    ['"<" in an attribute', '<a x="<"/>'],
    ['an unquoted attribute', '<a x=1/>'],
    ['a duplicate attribute', '<a x="1" x="2"/>'],
    ['"]]>" in text', '<a>]]></a>'],
    ['a NUL character', '<a>\u0000</a>'],
    ['an ESC character', '<a>\u001b[31m</a>'],
    ['a lone surrogate', '<a>\ud800</a>'],
    ['a reference to NUL', '<a>&#0;</a>'],
    ['a reference to a surrogate', '<a>&#xD800;</a>'],
    ['two root elements', '<a/><b/>'],
    ['text after the root', '<a/>x'],
    ['an XML declaration late', '<a/><?xml version="1.0"?>'],
    ['"--" in a comment', '<a><!-- a -- b --></a>'],
    ['no root at all', '<?xml version="1.0"?>'],
  ])('rejects %s', (_what, source) => {
    expect(() => parseXml(source)).toThrow(XmlSyntaxError);
  });
});
