// Compile-time proofs that the types derived from the schema say what the schema says: npm run
// typecheck fails when they do not. At run time these expectations do nothing.
import { describe, expectTypeOf, it } from 'vitest';
import type { ApicertConfig, CollectionConfig, ConfigFile, RelatedCollectionConfig, SinkConfig } from './config-types.js';
import type { configSchema } from './schema.js';

type Body = { readonly [key: string]: unknown };
type FileCollection = NonNullable<ConfigFile['collections']>[number];
type FileRelated = NonNullable<FileCollection['related']>[number];
type BudgetsConfig = ApicertConfig['budgets'];
type WebhookReceiverConfig = NonNullable<ApicertConfig['webhooks']['receiver']>;
type PaginationStyle = CollectionConfig['pagination']['styles'][number];
type DigestEncoding = NonNullable<ApicertConfig['webhooks']['sender']>['digestEncoding'];

describe('the config types derived from the schema', () => {
  it('make a key with a default optional in the file and required once loaded', () => {
    expectTypeOf<NonNullable<ConfigFile['budgets']>['totalRunMs']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<BudgetsConfig>().toEqualTypeOf<{
      readonly requestTimeoutMs: number;
      readonly maxResponseBytes: number;
      readonly evidenceBodyBytes: number;
      readonly maxPagesPerWalk: number;
      readonly requestsPerList: number;
      readonly checkTimeoutMs: number;
      readonly totalRunMs: number;
    }>();
    expectTypeOf<SinkConfig>().toEqualTypeOf<{
      readonly host: string;
      readonly port: number;
      readonly publicUrl?: string;
      readonly tls?: { readonly certFile: string; readonly keyFile: string };
      readonly maxBodyBytes: number;
      readonly maxConnections: number;
    }>();
    expectTypeOf<ConfigFile['target']>().toEqualTypeOf<
      | {
          readonly baseUrl?: string;
          readonly auth?: { readonly header?: string; readonly scheme?: string; readonly tokenEnv?: string };
          readonly followRedirects?: boolean;
        }
      | undefined
    >();
  });

  it('keep required keys required and keys without a default optional', () => {
    expectTypeOf<FileCollection['name']>().toEqualTypeOf<string>();
    expectTypeOf<FileCollection['sample']>().toEqualTypeOf<Body>();
    expectTypeOf<CollectionConfig['replace']>().toEqualTypeOf<Body | undefined>();
    expectTypeOf<ApicertConfig['target']['baseUrl']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ApicertConfig['pagination']['maxPageSize']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<undefined>().toExtend<ApicertConfig['webhooks']['sender']>();
    expectTypeOf<WebhookReceiverConfig['url']>().toEqualTypeOf<string>();
    expectTypeOf<WebhookReceiverConfig['observe']>().toEqualTypeOf<{ readonly urlTemplate: string; readonly pointer: string } | undefined>();
  });

  it('turn enums into unions and defaults into their values\' types', () => {
    expectTypeOf<PaginationStyle>().toEqualTypeOf<'offset' | 'page' | 'cursor'>();
    expectTypeOf<DigestEncoding>().toEqualTypeOf<'hex' | 'base64' | 'either'>();
    expectTypeOf<WebhookReceiverConfig['digestEncoding']>().toEqualTypeOf<'hex' | 'base64'>();
    expectTypeOf<ApicertConfig['resources']['refusedStatus']>().toEqualTypeOf<'either' | '401' | '403'>();
    expectTypeOf<WebhookReceiverConfig['events']>().toEqualTypeOf<{ readonly create: Body; readonly update: Body }>();
    expectTypeOf<(typeof configSchema)['properties']['pagination']['properties']['walkPageSize']['default']>().toExtend<
      ApicertConfig['pagination']['walkPageSize']
    >();
  });

  it('make the computed defaults required once loaded, and optional in the file', () => {
    expectTypeOf<FileRelated['memberPath']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<RelatedCollectionConfig['memberPath']>().toEqualTypeOf<string>();
    expectTypeOf<ApicertConfig['collections'][number]['related'][number]>().toEqualTypeOf<RelatedCollectionConfig>();
  });

  it('are readonly at every depth, as the loaded config is frozen', () => {
    expectTypeOf<ApicertConfig['collections']>().toEqualTypeOf<readonly CollectionConfig[]>();
    expectTypeOf<CollectionConfig['pagination']['styles']>().toEqualTypeOf<readonly PaginationStyle[]>();
  });
});
