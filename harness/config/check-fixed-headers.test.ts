import { describe, expect, it } from 'vitest';
import { checkFixedHeaders } from './check-fixed-headers.js';

const at = (key: string) => `/webhooks/receiver/customProfile/${key}`;

describe("a custom profile's fixed headers", () => {
  it('takes header names with one-line string values', () => {
    expect(
      checkFixedHeaders({ signatureHeader: 'X-Sig', headers: { 'X-Hook-Id': '12', 'X-Api-Version': '2025-01' } }, at),
    ).toEqual([]);
  });

  it('refuses a name that is no header, a value on two lines or no string, and a header the profile writes itself', () => {
    const problems = checkFixedHeaders(
      {
        signatureHeader: 'X-Sig',
        eventHeader: 'X-Event',
        headers: { 'X Hook': '1', 'X-Two': 'a\r\nInjected: yes', 'X-Number': 5, 'x-event': 'push', 'a/b~c': '1' },
      },
      at,
    );
    expect(problems.map((problem) => `${problem.pointer}: ${problem.what}`)).toEqual([
      '/webhooks/receiver/customProfile/headers/X Hook: is no header name (got "X Hook")',
      '/webhooks/receiver/customProfile/headers/X-Two: must be a string on one line',
      '/webhooks/receiver/customProfile/headers/X-Number: must be a string on one line',
      '/webhooks/receiver/customProfile/headers/x-event: is one the profile writes itself',
      '/webhooks/receiver/customProfile/headers/a~1b~0c: is no header name (got "a/b~c")',
    ]);
  });
});
