// Two questions every suite asks of a target's answer, asked one way everywhere. Pure.

/** Whether `status` is a success (2xx). */
export function isSuccess(status: number): boolean {
  return status >= 200 && status <= 299;
}

/** The value as a plain JSON object, or undefined (null, arrays and primitives are not records). */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
