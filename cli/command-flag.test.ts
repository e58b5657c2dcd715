import { describe, expect, it } from 'vitest';
import { quoteForShell } from '../harness/http/curl.js';
import { readFlagFromCommand } from './command-flag.js';

describe('readFlagFromCommand', () => {
  it('reads a bare or quoted value back as quoteForShell wrote it', () => {
    for (const path of ['apicert.config.json', '/tmp/my configs/a.json', "/tmp/it's/a.json", '/tmp/$HOME/`x`']) {
      const command = `npx apicert run --base-url http://127.0.0.1:4010 --config ${quoteForShell(path)} --seed 7`;
      expect(readFlagFromCommand(command, '--config')).toBe(path);
    }
  });

  it('is undefined without the flag', () => {
    expect(readFlagFromCommand('npx apicert run --base-url http://h --seed 1', '--config')).toBeUndefined();
  });
});
