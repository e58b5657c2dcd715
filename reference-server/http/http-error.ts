// A refusal with its status and error code. Handlers throw it; error-handler.ts answers it.

/** An error answered as `{"error":{"code","message"}}` with `status`. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.name = 'HttpError';
  }
}
