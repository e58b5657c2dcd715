import { describe, expect, it } from 'vitest';
import { escapeCommandData, escapeCommandProperty, workflowCommand } from './workflow-command.js';

describe('workflow commands', () => {
  it('escape %, CR and LF in the message, and also : and , in a property, as the runner decodes them', () => {
    expect(escapeCommandData('100% done\r\nnext')).toBe('100%25 done%0D%0Anext');
    expect(escapeCommandProperty('a: b, c%')).toBe('a%3A b%2C c%25');
  });

  it('keep a message on one line, so target text cannot start a command of its own', () => {
    const line = workflowCommand('error', 'apicert failed: x', [
      'the target said\n::error::forged',
      '::stop-commands::token',
    ]);
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toMatch(/^::error title=apicert failed%3A x::/);
    // Inert first: the newline inside a line is shown as \n, and lines are joined by an escaped newline.
    expect(line).toContain('the target said\\n::error::forged%0A::stop-commands::token');
  });

  it('strip terminal escapes and cut long lines', () => {
    const line = workflowCommand('warning', '\u001b[31mred', [`\u001b]0;title\u0007${'x'.repeat(5_000)}`]);
    expect(line).not.toMatch(/\u001b|\u0007/);
    expect(line.length).toBeLessThan(1_300);
  });
});
