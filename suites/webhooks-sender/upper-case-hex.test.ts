// A sender that writes its hex digest in upper case (RFC 4648's base16, as some libraries do) signs
// as the convention asks: the digest's encoding is not shown (5/5), and base16 is case-insensitive.
// On the second implementation, signing X-Signature in upper-case hex.
import { describe, expect, it } from 'vitest';
import { secondServerModeMatrix } from '../test-support/second-server/mode-matrix.js';
import { runOnSecondServer } from '../test-support/second-server/run-on-second-server.js';

const hexModes = secondServerModeMatrix.find((modes) => modes.digest === 'hex' && !modes.gateway)!;
const signatureCheck = 'webhooks-sender.signature-over-raw-body';

describe('a sender writing its hex digest in upper case', () => {
  it.each([['either'], ['hex']] as const)('passes signature-over-raw-body with digestEncoding %s', async (encoding) => {
    const run = await runOnSecondServer({
      modes: hexModes,
      checks: [signatureCheck],
      upperCaseHex: true,
      pins: { sender: { digestEncoding: encoding } },
    });
    const [check] = run.checks;
    expect(check?.status, JSON.stringify(check?.findings)).toBe('passed');
  });

  it('still fails where base64 is pinned', async () => {
    const run = await runOnSecondServer({
      modes: hexModes,
      checks: [signatureCheck],
      upperCaseHex: true,
      pins: { sender: { digestEncoding: 'base64' } },
    });
    expect(run.checks[0]?.status).toBe('failed');
  });
});
