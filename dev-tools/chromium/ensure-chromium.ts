// `npm test`'s set-up step (run by pretest): make sure the browser tests have a Chromium. Quiet and
// fast when one is found; installs Debian's package when root with apt-get; else one line and exit 1.
import { spawnSync } from 'node:child_process';
import { findChromium, findExecutableOnPath } from './find-chromium.js';
import { describeFailedInstall, planChromiumSetup } from './plan-chromium-setup.js';
import { readChromiumFacts } from './read-chromium-facts.js';

// apt can wait on a slow mirror; a set-up that hangs would look like a hung test run.
const APT_TIMEOUT_MS = 15 * 60_000;

function main(): number {
  const facts = readChromiumFacts();
  const step = planChromiumSetup(findChromium(facts), {
    isRoot: process.getuid?.() === 0,
    hasAptGet: findExecutableOnPath(facts, 'apt-get') !== undefined,
  });
  if (step.action === 'use') return 0;
  if (step.action === 'stop') return stop(step.line);

  process.stdout.write(`${step.announce}\n`);
  const failure = runApt(['update', '-qq']) ?? runApt(['install', '-y', '-qq', 'chromium']);
  if (failure !== undefined) return stop(describeFailedInstall(failure));
  const after = findChromium(readChromiumFacts());
  if (after.kind !== 'found') return stop(describeFailedInstall('no chromium on PATH afterwards'));
  process.stdout.write(`npm test set-up: using ${after.path}\n`);
  return 0;
}

/** Runs apt-get quietly; answers why it failed, or undefined when it succeeded. */
function runApt(args: readonly string[]): string | undefined {
  const result = spawnSync('apt-get', args, {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: APT_TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error !== undefined) return `apt-get ${args[0]}: ${result.error.message}`;
  if (result.status === 0) return undefined;
  const lastLine = result.stderr.trim().split('\n').pop()?.trim();
  return `apt-get ${args[0]} exited ${result.status ?? result.signal}${lastLine ? `: ${lastLine}` : ''}`;
}

function stop(line: string): number {
  process.stderr.write(`${line}\n`);
  return 1;
}

process.exitCode = main();
