// The builders of the config schema's nodes (schema.ts): each keeps the literal types of what it
// is given (descriptions, enums, defaults), which the types derived from the schema need
// (config-types.ts), and writes a node the way the whole schema does (a string is non-empty or
// matches a pattern, a section admits no unknown key, a time is bounded by MAX_TIMER_MS).
import type { ConfigPattern } from './config-patterns.js';
import { MAX_TIMER_MS } from './timer-limit.js';

/** The subset of JSON Schema the config schema uses; enough for walking it (config-keys.ts, problem lines). */
export interface SchemaNode {
  readonly $schema?: string;
  readonly title?: string;
  readonly description?: string;
  readonly type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean;
  readonly items?: SchemaNode;
  readonly uniqueItems?: boolean;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly enum?: readonly string[];
  readonly pattern?: string;
  readonly minLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly default?: unknown;
}

export type Properties = Readonly<Record<string, SchemaNode>>;

interface TextNode {
  readonly type: 'string';
  readonly description: string;
  readonly pattern?: string;
  readonly minLength?: number;
}

interface SectionNode<Props extends Properties> {
  readonly type: 'object';
  readonly description: string;
  readonly properties: Props;
  readonly additionalProperties: false;
}

export function text(description: string, format?: ConfigPattern): TextNode;
export function text<const D extends string>(
  description: string,
  format: ConfigPattern | undefined,
  defaultValue: D,
): TextNode & { readonly default: D };
export function text(
  description: string,
  format?: ConfigPattern,
  defaultValue?: string,
): TextNode & { readonly default?: string } {
  return {
    type: 'string',
    description,
    ...(format ? { pattern: format.pattern } : { minLength: 1 }),
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
  };
}

export function count(
  description: string,
  minimum: number,
): { readonly type: 'integer'; readonly description: string; readonly minimum: number };
export function count<const D extends number>(
  description: string,
  minimum: number,
  defaultValue: D,
): { readonly type: 'integer'; readonly description: string; readonly minimum: number; readonly default: D };
export function count(description: string, minimum: number, defaultValue?: number): SchemaNode {
  return { type: 'integer', description, minimum, ...(defaultValue === undefined ? {} : { default: defaultValue }) };
}

// setTimeout fires at once for anything above MAX_TIMER_MS, so a time can never be larger.
export function millis<const D extends number>(description: string, defaultValue: D) {
  return { type: 'integer', description, minimum: 1, maximum: MAX_TIMER_MS, default: defaultValue } as const;
}

export function choice<const V extends readonly [string, ...string[]]>(
  description: string,
  values: V,
  defaultValue: V[number],
) {
  return { type: 'string', description, enum: values, default: defaultValue } as const;
}

export function section<const Props extends Properties>(description: string, properties: Props): SectionNode<Props>;
export function section<
  const Props extends Properties,
  const R extends readonly [keyof Props & string, ...(keyof Props & string)[]],
>(description: string, properties: Props, required: R): SectionNode<Props> & { readonly required: R };
export function section(description: string, properties: Properties, required?: readonly string[]): SchemaNode {
  return { type: 'object', description, properties, ...(required ? { required } : {}), additionalProperties: false };
}

/** A section with no required keys that is always there after loading, its keys defaulted. */
export function filledSection<const Props extends Properties>(description: string, properties: Props) {
  return { ...section(description, properties), default: {} } as const;
}

export function body(description: string) {
  return { type: 'object', description } as const;
}
