import { describe, expect, it } from 'vitest';
import { isExternalLink, listAnchors, listLinks, toGithubSlug } from './markdown-links.js';

describe('toGithubSlug', () => {
  it('makes the anchors GitHub makes', () => {
    expect(toGithubSlug('`apicert run`')).toBe('apicert-run');
    expect(toGithubSlug('HTTP client and untrusted targets')).toBe('http-client-and-untrusted-targets');
    expect(toGithubSlug('`apicert validate-config FILE`')).toBe('apicert-validate-config-file');
    expect(toGithubSlug('report.json')).toBe('reportjson');
    expect(toGithubSlug('Webhooks, sender role')).toBe('webhooks-sender-role');
    expect(toGithubSlug('Two commands: `npm install` & test')).toBe('two-commands-npm-install--test');
  });
});

describe('listAnchors', () => {
  it('numbers repeated headings and ignores headings inside code blocks', () => {
    const anchors = listAnchors('# A\n## Choices\n```sh\n# not a heading\n```\n## Choices\n');
    expect([...anchors]).toEqual(['a', 'choices', 'choices-1']);
  });
});

describe('listLinks', () => {
  it('finds links and images outside code, with their line', () => {
    const markdown =
      'See [a](docs/a.md#x) and ![shot](docs/shot.png "Shot").\n`[not](a-link.md)`\n```\n[nor](this.md)\n```\n';
    expect(listLinks(markdown)).toEqual([
      { target: 'docs/a.md#x', line: 1 },
      { target: 'docs/shot.png', line: 1 },
    ]);
  });
});

describe('isExternalLink', () => {
  it('tells URLs from repository paths', () => {
    expect(isExternalLink('https://example.com')).toBe(true);
    expect(isExternalLink('mailto:a@example.com')).toBe(true);
    expect(isExternalLink('docs/checks.md#resources')).toBe(false);
    expect(isExternalLink('#exit-codes')).toBe(false);
  });
});
