import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generatedDocs } from './generated-docs.js';

describe('generated docs', () => {
  it.each(generatedDocs.map((doc) => [doc.path, doc] as const))('%s matches its source', async (path, doc) => {
    const onDisk = await readFile(new URL(`../../${path}`, import.meta.url), 'utf8').catch(() => '');
    expect(onDisk === (await doc.render()), `${path} is stale or missing: run npm run docs`).toBe(true);
  });
});
