// Start-up: wall time of `apicert --version` and `apicert --help` in a new process, each round side
// by side with a bare `node -e 0`, so the figures keep their scale on a busy machine.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './measure-rate.js';
import { timeProcess } from './time-process.js';

export interface StartTime {
  readonly label: string;
  /** Median wall time, and every run's. */
  readonly ms: number;
  readonly runsMs: readonly number[];
}

// The installed command's own launcher, as `npx apicert` runs it.
const launcher = fileURLToPath(new URL('../../bin/apicert.js', import.meta.url));

const commands: ReadonlyArray<{ readonly label: string; readonly args: readonly string[] }> = [
  { label: '`apicert --version`', args: [launcher, '--version'] },
  { label: '`apicert --help`', args: [launcher, '--help'] },
  { label: 'a bare `node -e 0`, for scale', args: ['-e', '0'] },
];

export async function measureStartTimes(runs: number): Promise<StartTime[]> {
  const cwd = await mkdtemp(join(tmpdir(), 'apicert-bench-start-'));
  try {
    const times = commands.map(() => [] as number[]);
    for (let round = 0; round < runs; round += 1) {
      for (const [index, command] of commands.entries()) times[index]!.push(await timeProcess(command.args, cwd));
    }
    return commands.map((command, index) => ({
      label: command.label,
      ms: median(times[index]!),
      runsMs: times[index]!,
    }));
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}
