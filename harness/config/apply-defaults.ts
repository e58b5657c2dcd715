// Fills every default of config-types.ts into a config that passed the schema. Pure: copies the
// input (the caller's object is neither changed nor frozen) and returns a deeply frozen result.
import { ALL_PAGINATION_STYLES, CONFIG_DEFAULTS as D } from './config-defaults.js';
import type {
  CollectionFile,
  ConfigFile,
  PaginationListFile,
  RelatedCollectionFile,
  SinkFile,
  WebhookReceiverFile,
  WebhookSenderFile,
} from './config-file-types.js';
import type {
  ApicertConfig,
  CollectionConfig,
  PaginationListConfig,
  RelatedCollectionConfig,
  SinkConfig,
  WebhookReceiverConfig,
  WebhookSenderConfig,
} from './config-types.js';
import { deepFreeze } from './deep-freeze.js';

type Body = Readonly<Record<string, unknown>>;

// Bodies are the user's data: copied so that freezing the result leaves the input alone.
function copyBody(body: Body): Body {
  return structuredClone(body) as Body;
}

function resolveListPagination(list: PaginationListFile | undefined): PaginationListConfig {
  return { styles: [...(list?.styles ?? ALL_PAGINATION_STYLES)] };
}

function resolveRelated(file: RelatedCollectionFile): RelatedCollectionConfig {
  return {
    name: file.name,
    path: file.path,
    sample: copyBody(file.sample),
    createPath: file.createPath ?? D.related.createPath,
    idField: file.idField ?? D.collection.idField,
    memberPath: file.memberPath ?? `${file.path}/{childId}`,
    pagination: resolveListPagination(file.pagination),
  };
}

function resolveCollection(file: CollectionFile): CollectionConfig {
  return {
    name: file.name,
    path: file.path,
    idField: file.idField ?? D.collection.idField,
    sample: copyBody(file.sample),
    ...(file.replace === undefined ? {} : { replace: copyBody(file.replace) }),
    ...(file.patch === undefined ? {} : { patch: copyBody(file.patch) }),
    related: (file.related ?? []).map(resolveRelated),
    pagination: resolveListPagination(file.pagination),
  };
}

function resolveSink(file: SinkFile | undefined): SinkConfig {
  return {
    host: file?.host ?? D.sink.host,
    port: file?.port ?? D.sink.port,
    ...(file?.publicUrl === undefined ? {} : { publicUrl: file.publicUrl }),
    ...(file?.tls === undefined ? {} : { tls: { certFile: file.tls.certFile, keyFile: file.tls.keyFile } }),
    maxBodyBytes: file?.maxBodyBytes ?? D.sink.maxBodyBytes,
    maxConnections: file?.maxConnections ?? D.sink.maxConnections,
  };
}

function resolveSender(file: WebhookSenderFile, collections: readonly CollectionConfig[]): WebhookSenderConfig {
  // "Default: the first collection", resolved here so consumers need not repeat the rule.
  const collection = file.collection ?? collections[0]?.name;
  return {
    register: {
      method: file.register.method,
      path: file.register.path,
      body: copyBody(file.register.body),
      idField: file.register.idField ?? D.sender.registerIdField,
    },
    ...(collection === undefined ? {} : { collection }),
    events: { ...file.events },
    digestEncoding: file.digestEncoding ?? D.sender.digestEncoding,
    senderTimeoutMs: file.senderTimeoutMs ?? D.sender.senderTimeoutMs,
    retryWindowMs: file.retryWindowMs ?? D.sender.retryWindowMs,
    sink: resolveSink(file.sink),
  };
}

function resolveReceiver(file: WebhookReceiverFile): WebhookReceiverConfig {
  return {
    url: file.url,
    secretEnv: file.secretEnv ?? D.receiver.secretEnv,
    digestEncoding: file.digestEncoding ?? D.receiver.digestEncoding,
    ackBudgetMs: file.ackBudgetMs ?? D.receiver.ackBudgetMs,
    events: {
      create: copyBody(file.events?.create ?? D.receiver.events.create),
      update: copyBody(file.events?.update ?? D.receiver.events.update),
    },
    ...(file.observe === undefined ? {} : { observe: { urlTemplate: file.observe.urlTemplate, pointer: file.observe.pointer } }),
  };
}

/** Returns the resolved, deeply frozen config for a file that passed the schema. */
export function applyDefaults(file: ConfigFile): ApicertConfig {
  const collections = (file.collections ?? []).map(resolveCollection);
  const pagination = file.pagination ?? {};
  const budgets = file.budgets ?? {};
  const sender = file.webhooks?.sender;
  const receiver = file.webhooks?.receiver;
  const config: ApicertConfig = {
    target: {
      ...(file.target?.baseUrl === undefined ? {} : { baseUrl: file.target.baseUrl }),
      auth: {
        header: file.target?.auth?.header ?? D.target.auth.header,
        scheme: file.target?.auth?.scheme ?? D.target.auth.scheme,
        tokenEnv: file.target?.auth?.tokenEnv ?? D.target.auth.tokenEnv,
      },
      followRedirects: file.target?.followRedirects ?? D.target.followRedirects,
    },
    collections,
    resources: {
      createStatus: file.resources?.createStatus ?? D.resources.createStatus,
      deleteStatus: file.resources?.deleteStatus ?? D.resources.deleteStatus,
      refusedStatus: file.resources?.refusedStatus ?? D.resources.refusedStatus,
      putOmittedField: file.resources?.putOmittedField ?? D.resources.putOmittedField,
      idChange: file.resources?.idChange ?? D.resources.idChange,
      ...(file.resources?.errorBodyPointer === undefined ? {} : { errorBodyPointer: file.resources.errorBodyPointer }),
    },
    pagination: {
      ...(pagination.defaultPageSize === undefined ? {} : { defaultPageSize: pagination.defaultPageSize }),
      ...(pagination.maxPageSize === undefined ? {} : { maxPageSize: pagination.maxPageSize }),
      overMaxPolicy: pagination.overMaxPolicy ?? D.pagination.overMaxPolicy,
      lastPageCursor: pagination.lastPageCursor ?? D.pagination.lastPageCursor,
      invalidParams: pagination.invalidParams ?? D.pagination.invalidParams,
      fixtureCap: pagination.fixtureCap ?? D.pagination.fixtureCap,
      walkPageSize: pagination.walkPageSize ?? D.pagination.walkPageSize,
      propertyRuns: pagination.propertyRuns ?? D.pagination.propertyRuns,
      deepPageRatioWarn: pagination.deepPageRatioWarn ?? D.pagination.deepPageRatioWarn,
    },
    webhooks: {
      ...(sender === undefined ? {} : { sender: resolveSender(sender, collections) }),
      ...(receiver === undefined ? {} : { receiver: resolveReceiver(receiver) }),
    },
    budgets: {
      requestTimeoutMs: budgets.requestTimeoutMs ?? D.budgets.requestTimeoutMs,
      maxResponseBytes: budgets.maxResponseBytes ?? D.budgets.maxResponseBytes,
      evidenceBodyBytes: budgets.evidenceBodyBytes ?? D.budgets.evidenceBodyBytes,
      maxPagesPerWalk: budgets.maxPagesPerWalk ?? D.budgets.maxPagesPerWalk,
      requestsPerList: budgets.requestsPerList ?? D.budgets.requestsPerList,
      checkTimeoutMs: budgets.checkTimeoutMs ?? D.budgets.checkTimeoutMs,
      totalRunMs: budgets.totalRunMs ?? D.budgets.totalRunMs,
    },
  };
  return deepFreeze(config);
}
