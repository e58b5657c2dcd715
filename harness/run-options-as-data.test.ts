// Run options travel as data (RunResult.options): the replay line is derived from them, and no code
// reads an option back out of a command string, as replay and merge-reports once did.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const isTestFile = (path: string): boolean => path.endsWith('.test.ts') || path.includes('/test-support/');
const sources = execFileSync('git', ['ls-files', '*.ts'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((path) => path !== '' && !isTestFile(path));

// A command string taken apart: the old helpers by name, or a line that reads a replay command
// (the report's field or the derived line) with a string or pattern method.
const parsesCommand = [
  /\b(readFlagFromCommand|splitShellWords|runPaceOfCommand|withoutShard)\b/,
  /replayCommand\b[^\n]*\.(split|match|matchAll|replace|replaceAll|indexOf|includes|startsWith|endsWith|slice)\(/,
  /\.(exec|test|match)\([^\n]*replayCommand/,
  /describeReplayCommand\([^\n]*\)\s*\.(split|match|replace|indexOf|includes|slice)\(/,
];

function findCommandParsing(text: string): string[] {
  return text.split('\n').filter((line) => parsesCommand.some((pattern) => pattern.test(line)));
}

describe('run options as data', () => {
  it('finds a line that takes a replay command apart', () => {
    for (const line of [
      "const configPath = readFlagFromCommand(before.replayCommand ?? '', '--config');",
      "replayCommand: base.replayCommand.replace(/ --shard \\d+\\/\\d+/, ''),",
      'const shard = /--shard (\\d+)/.exec(run.replayCommand);',
      "const words = report.replayCommand.split(' ');",
    ]) {
      expect(findCommandParsing(line), line).toEqual([line]);
    }
    expect(
      findCommandParsing('    replayCommand: describeReplayCommand(facts.baseUrl, facts.seed, facts.options),'),
    ).toEqual([]);
  });

  it('has no source that parses a command string to recover a run option', () => {
    expect(sources.length).toBeGreaterThan(100);
    const found = sources.flatMap((path) =>
      findCommandParsing(readFileSync(`${root}${path}`, 'utf8')).map((line) => `${path}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
