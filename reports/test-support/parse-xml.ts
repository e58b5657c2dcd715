// A small strict XML 1.0 parser for tests: no XML parser ships in node_modules, and the junit test
// needs more than "looks fine": it rejects every well-formedness error a CI parser would choke on.

/** One element: attributes decoded, direct text content decoded and concatenated. */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  readonly text: string;
}

/** Thrown with the offset of the first well-formedness error. */
export class XmlSyntaxError extends Error {}

const illegalChar =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const namePattern = /^[A-Za-z_:][-A-Za-z0-9_:.]*/;
const predefinedEntities: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function isLegalCodePoint(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

class Parser {
  private pos = 0;
  constructor(private readonly src: string) {}

  fail(what: string): never {
    throw new XmlSyntaxError(
      `${what} at offset ${this.pos}: ${JSON.stringify(this.src.slice(this.pos, this.pos + 30))}`,
    );
  }

  private startsWith(token: string): boolean {
    return this.src.startsWith(token, this.pos);
  }

  private expect(token: string): void {
    if (!this.startsWith(token)) this.fail(`expected ${JSON.stringify(token)}`);
    this.pos += token.length;
  }

  private skipSpace(): boolean {
    const start = this.pos;
    while (this.pos < this.src.length && ' \t\n\r'.includes(this.src[this.pos]!)) this.pos += 1;
    return this.pos > start;
  }

  private readUntil(terminator: string, what: string): string {
    const end = this.src.indexOf(terminator, this.pos);
    if (end < 0) this.fail(`unterminated ${what}`);
    const body = this.src.slice(this.pos, end);
    this.pos = end + terminator.length;
    return body;
  }

  private readName(): string {
    const match = namePattern.exec(this.src.slice(this.pos, this.pos + 200));
    if (!match) this.fail('expected a name');
    this.pos += match[0].length;
    return match[0];
  }

  private readReference(): string {
    this.expect('&');
    const body = this.readUntil(';', 'reference');
    if (body.startsWith('#')) {
      const isHex = body.startsWith('#x');
      const digits = body.slice(isHex ? 2 : 1);
      if (!(isHex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) this.fail(`bad character reference &${body};`);
      const code = Number.parseInt(digits, isHex ? 16 : 10);
      if (!isLegalCodePoint(code)) this.fail(`character reference to an illegal character &${body};`);
      return String.fromCodePoint(code);
    }
    const value = predefinedEntities[body];
    if (value === undefined) this.fail(`undeclared entity &${body};`);
    return value;
  }

  private skipMisc(): void {
    for (;;) {
      this.skipSpace();
      if (this.startsWith('<!--')) this.readComment();
      else if (this.startsWith('<?')) this.readProcessingInstruction();
      else return;
    }
  }

  private readComment(): void {
    this.expect('<!--');
    const body = this.readUntil('-->', 'comment');
    if (body.includes('--') || body.endsWith('-')) this.fail('"--" inside a comment');
  }

  private readProcessingInstruction(): void {
    this.expect('<?');
    if (this.readName().toLowerCase() === 'xml') this.fail('XML declaration not at the start');
    this.readUntil('?>', 'processing instruction');
  }

  private readAttributeValue(): string {
    const quote = this.src[this.pos];
    if (quote !== '"' && quote !== "'") this.fail('expected a quoted attribute value');
    this.pos += 1;
    let value = '';
    for (;;) {
      const char = this.src[this.pos];
      if (char === undefined) this.fail('unterminated attribute value');
      if (char === quote) break;
      if (char === '<') this.fail('"<" in an attribute value');
      if (char === '&') value += this.readReference();
      else {
        // Attribute-value normalization: literal whitespace characters become spaces.
        value += '\t\n\r'.includes(char) ? ' ' : char;
        this.pos += 1;
      }
    }
    this.pos += 1;
    return value;
  }

  private readElement(): XmlElement {
    this.expect('<');
    const name = this.readName();
    const attributes: Record<string, string> = {};
    for (;;) {
      const hadSpace = this.skipSpace();
      if (this.startsWith('/>')) {
        this.pos += 2;
        return { name, attributes, children: [], text: '' };
      }
      if (this.startsWith('>')) {
        this.pos += 1;
        break;
      }
      if (!hadSpace) this.fail('expected whitespace before an attribute');
      const attribute = this.readName();
      if (Object.hasOwn(attributes, attribute)) this.fail(`duplicate attribute ${attribute}`);
      this.skipSpace();
      this.expect('=');
      this.skipSpace();
      attributes[attribute] = this.readAttributeValue();
    }
    const children: XmlElement[] = [];
    let text = '';
    for (;;) {
      if (this.pos >= this.src.length) this.fail(`unclosed element <${name}>`);
      if (this.startsWith('</')) {
        this.pos += 2;
        if (this.readName() !== name) this.fail(`mismatched end tag for <${name}>`);
        this.skipSpace();
        this.expect('>');
        return { name, attributes, children, text };
      }
      if (this.startsWith('<![CDATA[')) {
        this.pos += 9;
        text += this.readUntil(']]>', 'CDATA section');
      } else if (this.startsWith('<!--')) this.readComment();
      else if (this.startsWith('<?')) this.readProcessingInstruction();
      else if (this.startsWith('<')) children.push(this.readElement());
      else if (this.startsWith('&')) text += this.readReference();
      else {
        if (this.startsWith(']]>')) this.fail('"]]>" in text content');
        text += this.src[this.pos];
        this.pos += 1;
      }
    }
  }

  parseDocument(): XmlElement {
    const bad = illegalChar.exec(this.src);
    if (bad) {
      this.pos = bad.index;
      this.fail(`illegal XML character U+${bad[0].charCodeAt(0).toString(16).padStart(4, '0')}`);
    }
    if (this.startsWith('<?xml')) {
      this.pos += 5;
      if (!this.skipSpace()) this.fail('expected whitespace in the XML declaration');
      this.readUntil('?>', 'XML declaration');
    }
    this.skipMisc();
    if (!this.startsWith('<')) this.fail('expected the root element');
    const root = this.readElement();
    this.skipMisc();
    if (this.pos !== this.src.length) this.fail('content after the root element');
    return root;
  }
}

/** Parses a whole document (line ends normalized to LF first, as XML requires); throws XmlSyntaxError. */
export function parseXml(source: string): XmlElement {
  return new Parser(source.replace(/\r\n?/g, '\n')).parseDocument();
}

/** Every descendant element with the given name, in document order. */
export function findElements(root: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (element: XmlElement): void => {
    for (const child of element.children) {
      if (child.name === name) found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}
