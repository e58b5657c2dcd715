// The config's TypeScript types, derived from the JSON Schema in schema.ts so they cannot drift
// from it: a key added there appears here. FromSchema (json-schema-to-ts) does the deriving at
// compile time only; nothing of it reaches dist. The named types below are the ones the rest of the
// code imports; they are views into the derived ones, never restatements. A section needs a named
// type here only once other code imports it.
import type { FromSchema } from 'json-schema-to-ts';
import type { configSchema } from './schema.js';

type Schema = typeof configSchema;

/** Readonly at every depth: the loaded config is deeply frozen. */
type DeepReadonly<T> = T extends readonly (infer Item)[]
  ? readonly DeepReadonly<Item>[]
  : T extends object
    ? { readonly [Key in keyof T]: DeepReadonly<T[Key]> }
    : T;

/** apicert.config.json as users write it, once it passed the schema: keys with a default optional. */
export type ConfigFile = DeepReadonly<FromSchema<Schema, { keepDefaultedPropertiesOptional: true }>>;

/** The config after the schema's defaults are filled in, before the computed ones (computed-defaults.ts). */
export type ConfigWithSchemaDefaults = FromSchema<Schema>;

type Resolved = DeepReadonly<ConfigWithSchemaDefaults>;
type ResolvedCollection = Resolved['collections'][number];

// The computed defaults of computed-defaults.ts, as types: keys they always fill become required.
/** A related collection nested under a member, e.g. /customers/{id}/orders. */
export type RelatedCollectionConfig = ResolvedCollection['related'][number] & { readonly memberPath: string };

/** A collection the kit exercises. */
export type CollectionConfig = Omit<ResolvedCollection, 'related'> & {
  readonly related: readonly RelatedCollectionConfig[];
};

/** The loaded config: every default applied, deeply frozen. */
export type ApicertConfig = Omit<Resolved, 'collections'> & { readonly collections: readonly CollectionConfig[] };

/** The capturing sink of the webhook sender role. */
export type SinkConfig = NonNullable<ApicertConfig['webhooks']['sender']>['sink'];
