// The shape of apicert.config.json as users write it: what schema.ts accepts. Optional keys get
// their values in apply-defaults.ts; config-types.ts is the shape after that.
import type {
  DigestEncoding,
  InvalidParamPolicy,
  LastPageCursorForm,
  OverMaxPolicy,
  PaginationStyle,
} from './config-types.js';

type Body = Readonly<Record<string, unknown>>;

export interface PaginationListFile {
  readonly styles?: readonly PaginationStyle[];
}

export interface RelatedCollectionFile {
  readonly name: string;
  readonly path: string;
  readonly sample: Body;
  readonly createPath?: string;
  readonly idField?: string;
  readonly memberPath?: string;
  readonly pagination?: PaginationListFile;
}

export interface CollectionFile {
  readonly name: string;
  readonly path: string;
  readonly idField?: string;
  readonly sample: Body;
  readonly replace?: Body;
  readonly patch?: Body;
  readonly related?: readonly RelatedCollectionFile[];
  readonly pagination?: PaginationListFile;
}

export interface SinkFile {
  readonly host?: string;
  readonly port?: number;
  readonly publicUrl?: string;
  readonly tls?: { readonly certFile: string; readonly keyFile: string };
  readonly maxBodyBytes?: number;
  readonly maxConnections?: number;
}

export interface WebhookSenderFile {
  readonly register: { readonly method: string; readonly path: string; readonly body: Body; readonly idField?: string };
  readonly collection?: string;
  readonly events?: { readonly create?: string; readonly update?: string; readonly delete?: string };
  readonly digestEncoding?: DigestEncoding;
  readonly senderTimeoutMs?: number;
  readonly retryWindowMs?: number;
  readonly sink?: SinkFile;
}

export interface WebhookReceiverFile {
  readonly url: string;
  readonly secretEnv?: string;
  readonly digestEncoding?: 'hex' | 'base64';
  readonly ackBudgetMs?: number;
  readonly events?: { readonly create?: Body; readonly update?: Body };
  readonly observe?: { readonly urlTemplate: string; readonly pointer: string };
}

/** apicert.config.json after it passed the schema, before defaults. */
export interface ConfigFile {
  readonly $schema?: string;
  readonly target?: {
    readonly baseUrl?: string;
    readonly auth?: { readonly header?: string; readonly scheme?: string; readonly tokenEnv?: string };
    readonly followRedirects?: boolean;
  };
  readonly collections?: readonly CollectionFile[];
  readonly resources?: {
    readonly createStatus?: string;
    readonly deleteStatus?: string;
    readonly refusedStatus?: 'either' | '401' | '403';
    readonly putOmittedField?: 'either' | 'reject' | 'reset';
    readonly idChange?: 'either' | 'reject' | 'ignore';
    readonly errorBodyPointer?: string;
  };
  readonly pagination?: {
    readonly defaultPageSize?: number;
    readonly maxPageSize?: number;
    readonly overMaxPolicy?: OverMaxPolicy;
    readonly lastPageCursor?: LastPageCursorForm;
    readonly invalidParams?: InvalidParamPolicy;
    readonly fixtureCap?: number;
    readonly walkPageSize?: number;
    readonly propertyRuns?: number;
    readonly deepPageRatioWarn?: number;
  };
  readonly webhooks?: { readonly sender?: WebhookSenderFile; readonly receiver?: WebhookReceiverFile };
  readonly budgets?: {
    readonly requestTimeoutMs?: number;
    readonly maxResponseBytes?: number;
    readonly evidenceBodyBytes?: number;
    readonly maxPagesPerWalk?: number;
    readonly requestsPerList?: number;
    readonly checkTimeoutMs?: number;
    readonly totalRunMs?: number;
  };
}
