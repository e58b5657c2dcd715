// The only ANSI sequences the console report emits; plain text when colour is off.

/** Wraps text in an SGR style, or returns it unchanged. */
export type Paint = (text: string) => string;

export interface Palette {
  readonly bold: Paint;
  readonly dim: Paint;
  readonly red: Paint;
  readonly green: Paint;
  readonly yellow: Paint;
}

function sgr(open: number, close: number): Paint {
  return (text) => `\u001b[${open}m${text}\u001b[${close}m`;
}

const plain: Paint = (text) => text;

/** The palette for one render: real colours only when `color` is true. */
export function createPalette(color: boolean): Palette {
  if (!color) return { bold: plain, dim: plain, red: plain, green: plain, yellow: plain };
  return { bold: sgr(1, 22), dim: sgr(2, 22), red: sgr(31, 39), green: sgr(32, 39), yellow: sgr(33, 39) };
}
