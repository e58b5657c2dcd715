// How an error looks once it is data: what results and reports store. The error classes that
// produce it live in harness/errors.ts, above the model.

/** Plain-data view of an error, as stored in results and reports. */
export interface ErrorInfo {
  readonly code: string;
  readonly message: string;
}
