import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configSchema } from './schema.js';
import { validateConfig } from './validate-config.js';

const exampleConfig: unknown = JSON.parse(
  readFileSync(new URL('../../apicert.config.example.json', import.meta.url), 'utf8'),
);

function problemsOf(raw: unknown): readonly string[] {
  const result = validateConfig(raw);
  if (result.ok) throw new Error('expected problems, got a valid config');
  return result.problems;
}

const customers = { name: 'customers', path: '/customers', sample: { name: 'Ada {unique}' } };

describe('validateConfig', () => {
  it('accepts the shipped example config and returns it resolved and frozen', () => {
    const result = validateConfig(exampleConfig);
    expect(result.ok ? [] : result.problems).toEqual([]);
    if (!result.ok) return;
    expect(result.config.collections.map((c) => c.name)).toEqual(['customers', 'orders', 'products']);
    expect(result.config.target.auth.tokenEnv).toBe('APICERT_TOKEN');
    expect(Object.isFrozen(result.config.collections[0]!.sample)).toBe(true);
  });

  it('bounds how many collections and related collections a config holds, one line for each list over', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ ...customers, name: `c${i}`, path: `/c${i}` }));
    const related = Array.from({ length: 21 }, (_, i) => ({
      name: `r${i}`,
      path: `/customers/{id}/r${i}`,
      sample: { note: 'x' },
    }));
    const started = performance.now();
    expect(problemsOf({ collections: many })).toEqual([
      '/collections: lists more than apicert certifies in one run: at most 100 item(s) (got 10000); split the API into several configs, each run on its own (apicert run --config)',
    ]);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(problemsOf({ collections: [{ ...customers, related }] })).toEqual([
      '/collections/0/related: lists more than apicert certifies in one run: at most 20 item(s) (got 21); split the API into several configs, each run on its own (apicert run --config)',
    ]);
    // Each over-long list's items may each be wrong too: the lines stop at 50, and say how many more.
    const unsampled = many.map(({ name, path }) => ({ name, path }));
    const lines = problemsOf({ collections: unsampled });
    expect(lines).toHaveLength(51);
    expect(lines[0]).toMatch(/^\/collections: lists more than apicert certifies/);
    expect(lines[1]).toMatch(/^\/collections\/0\/sample: required key "sample" is missing/);
    expect(lines[50]).toBe(
      '… and 9951 more problems not listed (only the first 50 are): mend these and validate again',
    );
    const atTheBound = Array.from({ length: 100 }, (_, i) => ({ ...customers, name: `c${i}`, path: `/c${i}` }));
    expect(validateConfig({ collections: atTheBound }).ok).toBe(true);
  });

  it('accepts an empty file as all defaults', () => {
    const result = validateConfig({});
    expect(result.ok && result.config.collections).toEqual([]);
  });

  it('reports every problem of a bad file at once, one line each, in file order', () => {
    const raw = {
      target: { baseUrl: 'ftp://example.com', auth: { tokenenv: 'X' } },
      collections: [
        customers,
        { name: 'orders', path: '/orders', idField: 7, sample: { customerId: '{fixture:custmers}' } },
      ],
      pagination: { maxPagesize: 20, overMaxPolicy: 'clip', defaultPageSize: 50, maxPageSize: 20 },
      budgets: { requestTimeoutMs: -5 },
    };
    expect(problemsOf(raw)).toEqual([
      '/budgets/requestTimeoutMs: must be at least 1 (got -5); fix apicert.config.json',
      '/collections/1/idField: must be a string (got 7); fix apicert.config.json',
      '/collections/1/sample/customerId: {fixture:custmers} names no configured collection; did you mean {fixture:customers}?',
      '/pagination/defaultPageSize: defaultPageSize 50 must not exceed maxPageSize 20; lower defaultPageSize or raise maxPageSize',
      '/pagination/maxPagesize: unknown key "maxPagesize"; did you mean "maxPageSize"?',
      '/pagination/overMaxPolicy: must be one of "clamp", "reject", "either" (got "clip"); fix apicert.config.json',
      '/target/auth/tokenenv: unknown key "tokenenv"; did you mean "tokenEnv"?',
      '/target/baseUrl: must be an absolute http(s) URL without query or fragment, e.g. "http://127.0.0.1:4010" (got "ftp://example.com"); fix apicert.config.json',
    ]);
  });

  it('refuses user info in any URL of the file without quoting the password back', () => {
    const raw = {
      target: { baseUrl: 'http://admin:pa55w0rd@127.0.0.1:9' },
      webhooks: { receiver: { url: 'https://u:s3cret@hooks.example/r' } },
    };
    const problems = problemsOf(raw);
    expect(problems).toEqual([
      '/target/baseUrl: must not carry a user name or password (got "http://***@127.0.0.1:9"); remove "user:password@"; the token goes in the environment variable named by target.auth.tokenEnv, never in the file',
      '/webhooks/receiver/url: must not carry a user name or password (got "https://***@hooks.example/r"); remove "user:password@"; the token goes in the environment variable named by target.auth.tokenEnv, never in the file',
    ]);
    expect(problems.join('\n')).not.toMatch(/pa55w0rd|s3cret|admin/);
  });

  it('says "(root)" when the file is not an object', () => {
    expect(problemsOf([1, 2])).toEqual(['(root): must be an object (got an array of 2); fix apicert.config.json']);
  });

  it('reports a wrong type once, without the enum it then also misses', () => {
    expect(problemsOf({ pagination: { overMaxPolicy: 5 } })).toEqual([
      '/pagination/overMaxPolicy: must be a string (got 5); fix apicert.config.json',
    ]);
  });

  it('suggests a near enum value', () => {
    expect(problemsOf({ pagination: { lastPageCursor: 'nul' } })).toEqual([
      '/pagination/lastPageCursor: must be one of "null", "absent", "empty", "any" (got "nul"); did you mean "null"?',
    ]);
  });

  it('names the file it was given in the fix', () => {
    const result = validateConfig({ pagination: { overMaxPolicy: 'clip' } }, { fileLabel: 'ci.json' });
    expect(result.ok ? [] : result.problems).toEqual([
      '/pagination/overMaxPolicy: must be one of "clamp", "reject", "either" (got "clip"); fix ci.json',
    ]);
  });

  it('says where a misplaced key belongs, and lists the allowed keys for a stray one', () => {
    const budgetKeys = Object.keys(configSchema.properties.budgets.properties)
      .map((key) => JSON.stringify(key))
      .join(', ');
    expect(problemsOf({ target: { maxPageSize: 3 }, budgets: { colour: 'red' } })).toEqual([
      `/budgets/colour: unknown key "colour"; remove it; keys allowed here: ${budgetKeys}`,
      '/target/maxPageSize: unknown key "maxPageSize"; it belongs at pagination.maxPageSize; move it there in apicert.config.json',
    ]);
  });

  it('names a missing required key and what it is for', () => {
    expect(problemsOf({ collections: [{ name: 'customers', sample: {} }] })).toEqual([
      '/collections/0/path: required key "path" is missing; add it (Path of the collection, e.g. "/customers")',
    ]);
  });

  it('rejects negative, fractional and timer-overflowing budgets', () => {
    expect(
      problemsOf({ budgets: { maxPagesPerWalk: 2.5, checkTimeoutMs: 3_000_000_000, maxResponseBytes: 0 } }),
    ).toEqual([
      '/budgets/checkTimeoutMs: must be at most 2147483647 (got 3000000000); fix apicert.config.json',
      '/budgets/maxPagesPerWalk: must be a whole number (got 2.5); fix apicert.config.json',
      '/budgets/maxResponseBytes: must be at least 1 (got 0); fix apicert.config.json',
    ]);
  });

  it('checks budgets against each other, defaults included', () => {
    expect(problemsOf({ budgets: { requestTimeoutMs: 90_000 } })).toEqual([
      '/budgets/requestTimeoutMs: requestTimeoutMs 90000 must not exceed checkTimeoutMs 60000 (default); lower requestTimeoutMs or raise checkTimeoutMs',
    ]);
  });

  it("keeps a sink channel's byte cap within the sink's", () => {
    const sender = {
      register: { method: 'POST', path: '/webhooks', body: { url: '{sinkUrl}' } },
      sink: { maxBytesKeptPerChannel: 100_000_000 },
    };
    expect(problemsOf({ webhooks: { sender } })).toContain(
      '/webhooks/sender/sink/maxBytesKeptPerChannel: maxBytesKeptPerChannel 100000000 must not exceed maxBytesKept 67108864 (default); lower maxBytesKeptPerChannel or raise maxBytesKept',
    );
  });

  it('rejects bad URLs for the target, the receiver and the sink', () => {
    const raw = {
      target: { baseUrl: 'http://127.0.0.1:99999' },
      webhooks: {
        receiver: { url: 'webhook-receiver' },
        sender: {
          register: { method: 'POST', path: '/webhooks', body: { url: '{sinkUrl}' } },
          sink: { publicUrl: '//tunnel.example' },
        },
      },
    };
    expect(problemsOf(raw)).toEqual([
      '/target/baseUrl: is not a valid URL (got "http://127.0.0.1:99999"); check the host name and port',
      '/webhooks/receiver/url: must be an absolute http(s) URL or a path starting with "/", e.g. "/webhook-receiver" (got "webhook-receiver"); fix apicert.config.json',
      '/webhooks/sender/sink/publicUrl: must be an absolute http(s) URL without query or fragment, e.g. "http://127.0.0.1:4010" (got "//tunnel.example"); fix apicert.config.json',
    ]);
  });

  it('accepts a receiver given as an absolute URL or as a path', () => {
    expect(validateConfig({ webhooks: { receiver: { url: 'https://hooks.example/in?x=1' } } }).ok).toBe(true);
    expect(validateConfig({ webhooks: { receiver: { url: '/in' } } }).ok).toBe(true);
  });

  it('checks collections: unique names and paths, {id} in related paths, {parentId} for top-level children', () => {
    const raw = {
      collections: [
        { ...customers, related: [{ name: 'orders', path: '/orders', sample: { total: 1 }, createPath: '/orders' }] },
        { name: 'customers', path: '/customers', sample: {} },
      ],
    };
    expect(problemsOf(raw)).toEqual([
      '/collections/0/related/0/path: must contain "{id}" where the parent\'s identifier goes (got "/orders"); e.g. "/customers/{id}/orders"',
      '/collections/0/related/0/sample: has no "{parentId}", yet children are created at "/orders", so nothing ties a child to its parent; put "{parentId}" in the field that holds the parent\'s id',
      '/collections/1/name: repeats the collection name "customers" of /collections/0/name; give each collection its own name',
      '/collections/1/path: repeats the collection path "/customers" of /collections/0/path; describe each collection once',
    ]);
  });

  it('checks declared operations: known, and never without the list and its members, which every check reads', () => {
    const raw = {
      collections: [
        { ...customers, operations: ['list', 'create', 'patch'] },
        {
          name: 'orders',
          path: '/orders',
          sample: {},
          operations: ['list', 'read', 'create'],
          related: [{ name: 'lines', path: '/orders/{id}/lines', sample: {}, operations: ['read', 'delete'] }],
        },
      ],
    };
    expect(problemsOf(raw)).toEqual([
      '/collections/0/operations: leaves out "read", which every check needs (it reads the list and its members); add "read"; only "create", "replace", "change" and "delete" can be left out',
      '/collections/0/operations/2: must be one of "list", "read", "create", "replace", "change", "delete" (got "patch"); fix apicert.config.json',
      '/collections/1/related/0/operations: leaves out "list", which every check needs (it reads the list and its members); add "list"; only "create", "replace", "change" and "delete" can be left out',
    ]);
    expect(validateConfig({ collections: [{ ...customers, operations: ['list', 'read'] }] }).ok).toBe(true);
  });

  it('checks list styles: known, not repeated, not empty', () => {
    const raw = {
      collections: [
        { ...customers, pagination: { styles: ['offset', 'offset', 'pages'] } },
        { name: 'orders', path: '/orders', sample: {}, pagination: { styles: [] } },
      ],
    };
    expect(problemsOf(raw)).toEqual([
      '/collections/0/pagination/styles: lists "offset" twice (items 0 and 1); remove the repeat',
      '/collections/0/pagination/styles/2: must be one of "offset", "page", "cursor" (got "pages"); did you mean "page"?',
      '/collections/1/pagination/styles: must list at least 1 item(s) (got an array of 0); fix apicert.config.json',
    ]);
  });

  it('checks placeholders: where each is replaced, typos, fixture names and cycles', () => {
    const raw = {
      collections: [
        {
          name: 'customers',
          path: '/customers',
          sample: { a: '{uniqe}', b: '{parentId}', c: '{fixture:orders}', d: 'literal {note}' },
        },
        { name: 'orders', path: '/orders', sample: { customerId: '{fixture:customers}' }, patch: { x: '{fixture}' } },
      ],
    };
    expect(problemsOf(raw)).toEqual([
      '/collections/0/sample/a: unknown placeholder {uniqe}; did you mean {unique}?',
      '/collections/0/sample/b: {parentId} is not replaced here; placeholders replaced here: {unique}, {fixture:NAME}',
      '/collections/0/sample/c: {fixture:orders} makes a fixture cycle customers → orders → customers; use a literal value instead of a fixture in one of these samples',
      '/collections/1/patch/x: {fixture} names no collection; write {fixture:customers}',
      '/collections/1/sample/customerId: {fixture:customers} makes a fixture cycle orders → customers → orders; use a literal value instead of a fixture in one of these samples',
    ]);
  });

  it('rejects a sample that needs a record of its own collection', () => {
    expect(problemsOf({ collections: [{ ...customers, sample: { referrer: '{fixture:customers}' } }] })).toEqual([
      '/collections/0/sample/referrer: {fixture:customers} in the sample of "customers" needs a record of the same collection to create one; use a literal value instead of a fixture in one of these samples',
    ]);
  });

  it('needs the sender retry window to end before a check times out, only when a sender is configured', () => {
    const sender = {
      register: { method: 'POST', path: '/webhooks', body: { url: '{sinkUrl}' } },
      collection: 'customers',
    };
    expect(problemsOf({ collections: [customers], webhooks: { sender }, budgets: { checkTimeoutMs: 20_000 } })).toEqual(
      [
        '/budgets/checkTimeoutMs: retryWindowMs 30000 (default) must be less than checkTimeoutMs 20000; lower retryWindowMs or raise checkTimeoutMs',
      ],
    );
    expect(validateConfig({ collections: [customers], budgets: { checkTimeoutMs: 20_000 } }).ok).toBe(true);
  });

  it('checks the webhook wiring', () => {
    const raw = {
      collections: [customers],
      webhooks: {
        sender: {
          register: { method: 'POST', path: '/webhooks', body: { url: 'http://me' } },
          collection: 'custmers',
          senderTimeoutMs: 9000,
          retryWindowMs: 9000,
        },
        receiver: { url: '/in', events: { create: { id: 'fixed' } } },
      },
    };
    expect(problemsOf(raw)).toEqual([
      '/webhooks/receiver/events/create: has no "{eventId}", so every delivery would carry the same event id and look like a redelivery; put "{eventId}" in the event\'s "id" field',
      '/webhooks/sender/collection: names no configured collection (got "custmers"); did you mean "customers"?',
      '/webhooks/sender/register/body: has no "{sinkUrl}", so the target would never learn where to deliver; put "{sinkUrl}" in the field that holds the callback URL',
      '/webhooks/sender/senderTimeoutMs: senderTimeoutMs 9000 must be less than retryWindowMs 9000; lower senderTimeoutMs or raise retryWindowMs',
    ]);
  });

  it('keeps every line on one line and cuts long values', () => {
    const longText = 'x'.repeat(500);
    const problems = problemsOf({ target: { baseUrl: longText, 'bad\nkey': 1 } });
    expect(problems).toHaveLength(2);
    for (const line of problems) expect(line).not.toMatch(/[\n\r]/);
    expect(problems.join('\n')).not.toContain('x'.repeat(41));
    expect(problems[0]).toMatch(
      /^\/target\/bad\\nkey: unknown key "bad\\nkey"; remove it; keys allowed here: "baseUrl", "auth", "followRedirects", /,
    );
  });

  it('rejects a body nested absurdly deep', () => {
    let body: Record<string, unknown> = { leaf: 'x' };
    for (let depth = 0; depth < 100; depth += 1) body = { inner: body };
    expect(problemsOf({ collections: [{ ...customers, sample: body }] })).toEqual([
      '/collections/0/sample: nests deeper than 64 levels; flatten it',
    ]);
  });

  it('never throws and always answers: a config or at least one one-line problem', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        const result = validateConfig(raw);
        if (result.ok) return;
        expect(result.problems.length).toBeGreaterThan(0);
        for (const line of result.problems) expect(line).toMatch(/^(\/|\(root\))[^\n\r\u2028\u2029]*$/);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws when any part of the example config is replaced by arbitrary JSON', () => {
    const paths = ['target', 'collections', 'pagination', 'webhooks', 'budgets'];
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.jsonValue(), fc.string(), (section, value, key) => {
        const base = structuredClone(exampleConfig) as Record<string, unknown>;
        const sectionValue = base[section];
        const mutated =
          typeof sectionValue === 'object' && sectionValue !== null && !Array.isArray(sectionValue)
            ? { ...base, [section]: { ...sectionValue, [key]: value } }
            : { ...base, [section]: value };
        const result = validateConfig(mutated);
        if (!result.ok) for (const line of result.problems) expect(line).not.toMatch(/[\n\r]/);
      }),
      { numRuns: 300 },
    );
  });
});
