// Compile-time proofs that the types derived from the schema say what the schema says: npm run
// typecheck fails when they do not. At run time these expectations do nothing.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  ApicertConfig,
  CollectionConfig,
  ConfigFile,
  RelatedCollectionConfig,
  SinkConfig,
} from './config-types.js';
import type { configSchema } from './schema.js';

type Body = { readonly [key: string]: unknown };
type FileCollection = NonNullable<ConfigFile['collections']>[number];
type FileRelated = NonNullable<FileCollection['related']>[number];
type Schema = typeof configSchema;
type Sections = Schema['properties'];
type Sender = Sections['webhooks']['properties']['sender'];
type Receiver = Sections['webhooks']['properties']['receiver'];
type Collection = Sections['collections']['items'];
type Related = Collection['properties']['related']['items'];
type FileSender = NonNullable<NonNullable<ConfigFile['webhooks']>['sender']>;
type FileReceiver = NonNullable<NonNullable<ConfigFile['webhooks']>['receiver']>;
type WebhookSenderConfig = NonNullable<ApicertConfig['webhooks']['sender']>;

/** Keys of an object type that are not optional. */
type RequiredKeys<T> = { [Key in keyof T]-?: object extends Pick<T, Key> ? never : Key }[keyof T];
type KeysOf<Node> = Node extends { readonly properties: infer Props } ? keyof Props : never;
/** Keys a schema section requires. */
type SchemaRequired<Node> = Node extends { readonly required: readonly (infer Key)[] } ? Key : never;
/** Keys of a schema section that carry a `default`. */
type SchemaDefaulted<Node> = Node extends { readonly properties: infer Props }
  ? { [Key in keyof Props]: Props[Key] extends { readonly default: unknown } ? Key : never }[keyof Props]
  : never;
type WebhookReceiverConfig = NonNullable<ApicertConfig['webhooks']['receiver']>;
type PaginationStyle = NonNullable<CollectionConfig['pagination']['styles']>[number];
type DigestEncoding = NonNullable<ApicertConfig['webhooks']['sender']>['digestEncoding'];

describe('the config types derived from the schema', () => {
  it('have the keys of each section, required in the file as the schema says, and once loaded also when defaulted', () => {
    expectTypeOf<keyof ApicertConfig['budgets']>().toEqualTypeOf<KeysOf<Sections['budgets']>>();
    expectTypeOf<RequiredKeys<ApicertConfig['budgets']>>().toEqualTypeOf<SchemaDefaulted<Sections['budgets']>>();
    expectTypeOf<RequiredKeys<NonNullable<ConfigFile['budgets']>>>().toEqualTypeOf<never>();
    expectTypeOf<RequiredKeys<ApicertConfig['pagination']>>().toEqualTypeOf<SchemaDefaulted<Sections['pagination']>>();
    expectTypeOf<RequiredKeys<ApicertConfig['resources']>>().toEqualTypeOf<SchemaDefaulted<Sections['resources']>>();
    expectTypeOf<RequiredKeys<ApicertConfig['target']['auth']>>().toEqualTypeOf<
      SchemaDefaulted<Sections['target']['properties']['auth']>
    >();
    expectTypeOf<RequiredKeys<ApicertConfig>>().toEqualTypeOf<SchemaDefaulted<Schema>>();
    expectTypeOf<RequiredKeys<WebhookSenderConfig>>().toEqualTypeOf<SchemaRequired<Sender> | SchemaDefaulted<Sender>>();
    expectTypeOf<RequiredKeys<FileSender>>().toEqualTypeOf<SchemaRequired<Sender>>();
    expectTypeOf<RequiredKeys<SinkConfig>>().toEqualTypeOf<SchemaDefaulted<Sender['properties']['sink']>>();
    expectTypeOf<RequiredKeys<WebhookReceiverConfig>>().toEqualTypeOf<
      SchemaRequired<Receiver> | SchemaDefaulted<Receiver>
    >();
    expectTypeOf<RequiredKeys<FileReceiver>>().toEqualTypeOf<SchemaRequired<Receiver>>();
    expectTypeOf<RequiredKeys<CollectionConfig>>().toEqualTypeOf<
      SchemaRequired<Collection> | SchemaDefaulted<Collection>
    >();
    expectTypeOf<RequiredKeys<FileCollection>>().toEqualTypeOf<SchemaRequired<Collection>>();
    // memberPath: a computed default (computed-defaults.ts).
    expectTypeOf<RequiredKeys<RelatedCollectionConfig>>().toEqualTypeOf<
      SchemaRequired<Related> | SchemaDefaulted<Related> | 'memberPath'
    >();
    expectTypeOf<RequiredKeys<FileRelated>>().toEqualTypeOf<SchemaRequired<Related>>();
  });

  it('give keys their JSON types, enums as unions and bodies as open objects', () => {
    expectTypeOf<ApicertConfig['budgets']['totalRunMs']>().toEqualTypeOf<number>();
    expectTypeOf<ApicertConfig['target']['followRedirects']>().toEqualTypeOf<boolean>();
    expectTypeOf<SinkConfig['tls']>().toEqualTypeOf<
      { readonly certFile: string; readonly keyFile: string } | undefined
    >();
    expectTypeOf<PaginationStyle>().toEqualTypeOf<'offset' | 'page' | 'cursor'>();
    expectTypeOf<DigestEncoding>().toEqualTypeOf<'hex' | 'base64' | 'either'>();
    expectTypeOf<WebhookReceiverConfig['digestEncoding']>().toEqualTypeOf<'hex' | 'base64'>();
    expectTypeOf<ApicertConfig['resources']['refusedStatus']>().toEqualTypeOf<'either' | '401' | '403'>();
    expectTypeOf<FileCollection['sample']>().toEqualTypeOf<Body>();
    expectTypeOf<CollectionConfig['replace']>().toEqualTypeOf<Body | undefined>();
    expectTypeOf<WebhookReceiverConfig['events']>().toEqualTypeOf<{ readonly create: Body; readonly update: Body }>();
    expectTypeOf<Sections['pagination']['properties']['walkPageSize']['default']>().toExtend<
      ApicertConfig['pagination']['walkPageSize']
    >();
  });

  it('make the computed defaults required once loaded, and optional in the file', () => {
    expectTypeOf<FileRelated['memberPath']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<RelatedCollectionConfig['memberPath']>().toEqualTypeOf<string>();
    expectTypeOf<ApicertConfig['collections'][number]['related'][number]>().toEqualTypeOf<RelatedCollectionConfig>();
    expectTypeOf<WebhookSenderConfig['collection']>().toEqualTypeOf<string | undefined>();
  });

  it('are readonly at every depth, as the loaded config is frozen', () => {
    expectTypeOf<ApicertConfig['collections']>().toEqualTypeOf<readonly CollectionConfig[]>();
    expectTypeOf<CollectionConfig['pagination']['styles']>().toEqualTypeOf<readonly PaginationStyle[] | undefined>();
  });
});
