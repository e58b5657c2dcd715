// A custom signature profile's fixed headers (customProfile.headers): each a header name with a
// string value on one line, few and short, and none the profile's own signature, id, timestamp or
// event header, which the kit writes itself. Pure.
import { HEADER_NAME } from './config-patterns.js';
import type { ConfigProblem } from './problem-line.js';

const maxHeaders = 32;
const maxValueChars = 1024;

export function checkFixedHeaders(custom: unknown, at: (key: string) => string): ConfigProblem[] {
  const headers = (custom as { headers?: unknown } | undefined)?.headers;
  if (headers === undefined || headers === null || typeof headers !== 'object') return [];
  const entries = Object.entries(headers as Record<string, unknown>);
  if (entries.length > maxHeaders)
    return [
      { pointer: at('headers'), what: `holds ${entries.length} headers`, fix: `keep it to ${maxHeaders} at most` },
    ];
  const own = ['signatureHeader', 'idHeader', 'timestampHeader', 'eventHeader'].flatMap((key) => {
    const name = (custom as Record<string, unknown>)[key];
    return typeof name === 'string' ? [name.toLowerCase()] : [];
  });
  const pattern = new RegExp(HEADER_NAME.pattern);
  return entries.flatMap(([name, value]): ConfigProblem[] => {
    const pointer = at(`headers/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`);
    if (!pattern.test(name))
      return [
        { pointer, what: `is no header name (got ${JSON.stringify(name.slice(0, 60))})`, fix: HEADER_NAME.expected },
      ];
    if (own.includes(name.toLowerCase()))
      return [{ pointer, what: 'is one the profile writes itself', fix: 'leave it out of headers' }];
    if (typeof value !== 'string' || /[\r\n]/.test(value) || value.length > maxValueChars)
      return [
        {
          pointer,
          what: 'must be a string on one line',
          fix: `give the value the sender sends, at most ${maxValueChars} characters`,
        },
      ];
    return [];
  });
}
