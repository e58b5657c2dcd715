import { describe, expect, it } from 'vitest';
import { describeFailedInstall, planChromiumSetup } from './plan-chromium-setup.js';

const root = { isRoot: true, hasAptGet: true };

describe('planChromiumSetup', () => {
  it('uses a Chromium that was found, without calling apt', () => {
    const found = { kind: 'found', path: '/usr/bin/chromium', source: 'path' } as const;
    expect(planChromiumSetup(found, root)).toEqual({ action: 'use', path: '/usr/bin/chromium' });
  });

  it("installs Debian's chromium when none is found and it runs as root with apt-get, saying so first", () => {
    const step = planChromiumSetup({ kind: 'missing' }, root);
    expect(step.action).toBe('install');
    expect(step.action === 'install' && step.announce).toMatch(/installing Debian's chromium package/);
  });

  it('tells a non-root user with apt-get to run sudo apt-get install chromium', () => {
    const step = planChromiumSetup({ kind: 'missing' }, { isRoot: false, hasAptGet: true });
    expect(step).toEqual({ action: 'stop', line: expect.stringContaining('sudo apt-get install chromium') });
    expect(step.action === 'stop' && step.line).toContain('APICERT_CHROMIUM=/path/to/chrome');
  });

  it('names the Playwright download and APICERT_CHROMIUM where there is no apt-get', () => {
    for (const isRoot of [true, false]) {
      const step = planChromiumSetup({ kind: 'missing' }, { isRoot, hasAptGet: false });
      expect(step.action === 'stop' && step.line).toMatch(/npx playwright-core install chromium.*APICERT_CHROMIUM=/);
    }
  });

  it('stops on an APICERT_CHROMIUM that is not executable rather than installing another browser', () => {
    const step = planChromiumSetup({ kind: 'env-not-executable', path: '/opt/nothing' }, root);
    expect(step).toEqual({
      action: 'stop',
      line: expect.stringContaining('APICERT_CHROMIUM=/opt/nothing is not an executable'),
    });
  });

  it('keeps every stop line to one line', () => {
    const lines = [
      planChromiumSetup({ kind: 'missing' }, { isRoot: false, hasAptGet: true }),
      planChromiumSetup({ kind: 'missing' }, { isRoot: false, hasAptGet: false }),
      planChromiumSetup({ kind: 'env-not-executable', path: '/x' }, root),
    ].map((step) => (step.action === 'stop' ? step.line : ''));
    lines.push(describeFailedInstall('apt-get install exited 100: E: Unable to locate package chromium'));
    for (const line of lines) expect(line).toMatch(/^npm test set-up: [^\n]+$/);
  });
});
