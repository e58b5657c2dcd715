// The shape of apicert.config.json after defaults are applied. The JSON Schema in schema.ts
// describes the same shape as written by users (every key optional unless stated).
// Where the convention says "not shown", the default accepts every reasonable choice.

export type PaginationStyle = 'offset' | 'page' | 'cursor';
/** A size above the maximum: clamp to the maximum, reject with 4xx, or either. */
export type OverMaxPolicy = 'clamp' | 'reject' | 'either';
/** next_cursor on the last page (has_more false). */
export type LastPageCursorForm = 'null' | 'absent' | 'empty' | 'any';
/** The answer to an invalid pagination parameter: 4xx, a bounded page, or either. */
export type InvalidParamPolicy = 'reject' | 'bounded-page' | 'either';
export type DigestEncoding = 'hex' | 'base64' | 'either';

/** How the kit authenticates to the target. The token itself comes from the environment. */
export interface AuthConfig {
  /** Header carrying the credential; default "Authorization". */
  readonly header: string;
  /** Prefix before the token, e.g. "Bearer"; empty string for none. Default "Bearer". */
  readonly scheme: string;
  /** Environment variable holding the token; default "APICERT_TOKEN". */
  readonly tokenEnv: string;
}

export interface PaginationListConfig {
  /** Styles this list supports; default all three. */
  readonly styles: readonly PaginationStyle[];
}

/** A related collection nested under a member, e.g. /customers/{id}/orders. */
export interface RelatedCollectionConfig {
  readonly name: string;
  /** Path with "{id}" standing for the parent's identifier. */
  readonly path: string;
  /** Body that creates a child under the parent; "{parentId}" in a string value is replaced. */
  readonly sample: Readonly<Record<string, unknown>>;
  /**
   * Where to create a child: "nested" POSTs to the nested path (default), or a collection path
   * (e.g. "/orders") when children are created top-level with the parent's id in the body.
   */
  readonly createPath: string | 'nested';
  /** Field of a child holding its identifier; default "id". */
  readonly idField: string;
  /** Path of one child ("{childId}" its id, "{id}" the parent's); default the nested path + "/{childId}". */
  readonly memberPath: string;
  readonly pagination: PaginationListConfig;
}

export interface CollectionConfig {
  readonly name: string;
  /** Path of the collection, e.g. "/customers". */
  readonly path: string;
  /** Field of a record holding its identifier; default "id". */
  readonly idField: string;
  /** Body that creates a valid record. Strings may use "{unique}" for a per-record unique token. */
  readonly sample: Readonly<Record<string, unknown>>;
  /** Whole-record body for PUT; default: sample with string fields changed. */
  readonly replace?: Readonly<Record<string, unknown>>;
  /** Partial body for PATCH; default: the first string field of sample, changed. */
  readonly patch?: Readonly<Record<string, unknown>>;
  readonly related: readonly RelatedCollectionConfig[];
  readonly pagination: PaginationListConfig;
}

/**
 * Resource choices the convention leaves open ("not shown"). Each default accepts every reasonable
 * choice; a value pins one.
 */
export interface ResourcesConfig {
  /** Status of a successful create: "2xx" (default) or one code, e.g. "201". */
  readonly createStatus: string;
  /** Status of a successful delete: "2xx" (default) or one code, e.g. "204". */
  readonly deleteStatus: string;
  /** Status of a request refused for its credential: "either" (401 or 403, default), "401" or "403". */
  readonly refusedStatus: 'either' | '401' | '403';
  /** PUT without a field: "reject" with 4xx, "reset" (succeed, field removed or defaulted), or "either". */
  readonly putOmittedField: 'either' | 'reject' | 'reset';
  /** PUT/PATCH carrying another id: "reject" with 4xx, "ignore" it, or "either". */
  readonly idChange: 'either' | 'reject' | 'ignore';
  /** When set, every 4xx body must be JSON holding a value at this JSON pointer, e.g. "/error/message". */
  readonly errorBodyPointer?: string;
}

export interface PaginationConfig {
  /** Expected default page size; undefined: discovered by probing. */
  readonly defaultPageSize?: number;
  /** Expected maximum page size; undefined: discovered by probing. */
  readonly maxPageSize?: number;
  readonly overMaxPolicy: OverMaxPolicy;
  readonly lastPageCursor: LastPageCursorForm;
  readonly invalidParams: InvalidParamPolicy;
  /** Most fixture records the kit may create on one list to probe bounds; default 250. */
  readonly fixtureCap: number;
  /** Page size the walks use; default 5. */
  readonly walkPageSize: number;
  /** fast-check runs of the mutation property; default 20. */
  readonly propertyRuns: number;
  /** Deep-page latency ratio above which a warning is reported; default 3. */
  readonly deepPageRatioWarn: number;
}

export interface SinkConfig {
  /** Interface the capturing sink listens on; default "127.0.0.1". */
  readonly host: string;
  /** Port; default 0 (ephemeral). */
  readonly port: number;
  /** URL the target should call when it cannot reach host:port directly (tunnel, container). */
  readonly publicUrl?: string;
  /** PEM files for HTTPS. */
  readonly tls?: { readonly certFile: string; readonly keyFile: string };
  /** Largest delivery body kept; default 1 MiB. */
  readonly maxBodyBytes: number;
  /** Most open connections; default 32. */
  readonly maxConnections: number;
}

export interface WebhookSenderConfig {
  /** How to register the sink with the target. Strings may use {sinkUrl} and {secret}. */
  readonly register: {
    readonly method: string;
    readonly path: string;
    readonly body: Readonly<Record<string, unknown>>;
    /** Field of the response holding the subscription id, used to remove it afterwards; default "id". */
    readonly idField: string;
  };
  /** Name of the collection whose create/update/delete trigger events; default: the first collection. */
  readonly collection?: string;
  /** Expected event names per operation; undefined: discovered. */
  readonly events: { readonly create?: string; readonly update?: string; readonly delete?: string };
  readonly digestEncoding: DigestEncoding;
  /** How long the target's sender waits for an answer before it retries; default 5000 ms. */
  readonly senderTimeoutMs: number;
  /** How long the kit waits for deliveries and retries; default 30000 ms. */
  readonly retryWindowMs: number;
  readonly sink: SinkConfig;
}

export interface WebhookReceiverConfig {
  /** The target's receiver endpoint: an absolute URL, or a path resolved against the base URL. */
  readonly url: string;
  /** Environment variable holding the signing secret; default "APICERT_WEBHOOK_SECRET". */
  readonly secretEnv: string;
  readonly digestEncoding: 'hex' | 'base64';
  /** A 2xx must arrive within this; default 2000 ms ("quickly", convention 4.3). */
  readonly ackBudgetMs: number;
  /** Event bodies to send; "{eventId}", "{recordId}" in strings are replaced. */
  readonly events: { readonly create: Readonly<Record<string, unknown>>; readonly update: Readonly<Record<string, unknown>> };
  /** How to observe processing: GET template with {eventId}, JSON pointer to the processed count. */
  readonly observe?: { readonly urlTemplate: string; readonly pointer: string };
}

export interface BudgetsConfig {
  /** Each request: connect, headers and body time-outs; default 10000 ms. */
  readonly requestTimeoutMs: number;
  /** Largest response body read; default 4 MiB. */
  readonly maxResponseBytes: number;
  /** Largest body kept as evidence; default 4 KiB. */
  readonly evidenceBodyBytes: number;
  /** Most pages one walk may fetch; default 200. */
  readonly maxPagesPerWalk: number;
  /** Most requests one check may make on one list; default 2000. */
  readonly requestsPerList: number;
  /** One check's time budget; default 60000 ms. */
  readonly checkTimeoutMs: number;
  /** The whole run's time budget; default 600000 ms. */
  readonly totalRunMs: number;
}

export interface ApicertConfig {
  readonly target: {
    readonly baseUrl?: string;
    readonly auth: AuthConfig;
    /** Follow redirects to the same origin; cross-origin redirects are never followed. Default false. */
    readonly followRedirects: boolean;
  };
  readonly collections: readonly CollectionConfig[];
  readonly resources: ResourcesConfig;
  readonly pagination: PaginationConfig;
  readonly webhooks: {
    readonly sender?: WebhookSenderConfig;
    readonly receiver?: WebhookReceiverConfig;
  };
  readonly budgets: BudgetsConfig;
}
