// Every relative link and #anchor in the docs resolves: a newcomer who follows one must land
// somewhere, and a heading renamed without its links fails here.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listDocFiles, repositoryRoot } from './docs-files.js';
import { isExternalLink, listAnchors, listLinks } from './markdown-links.js';

function readDoc(path: string): string {
  return readFileSync(join(repositoryRoot, path), 'utf8');
}

describe.each(listDocFiles())('links in %s', (file) => {
  const links = listLinks(readDoc(file)).filter((link) => !isExternalLink(link.target));

  it('point at files and anchors that exist', () => {
    const broken: string[] = [];
    for (const { target, line } of links) {
      const [pathPart = '', anchor] = target.split('#');
      const targetFile = pathPart === '' ? file : normalize(join(dirname(file), decodeURIComponent(pathPart)));
      if (!existsSync(join(repositoryRoot, targetFile))) {
        broken.push(`${file}:${line}: ${target} (no file ${targetFile})`);
      } else if (anchor !== undefined && !listAnchors(readDoc(targetFile)).has(anchor)) {
        broken.push(`${file}:${line}: ${target} (no heading makes #${anchor} in ${targetFile})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
