// `npm run bench`: the kit's speed and memory next to their physical baselines. Prints a table and
// writes bench/results.json. Never part of `npm test`.
import { writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { measureCeiling } from './ceiling.js';
import { measureCursorWalk } from './cursor-walk.js';
import { dataVolumeGoalRatio, measureDataVolume } from './data-volume.js';
import { measureFullRun } from './full-run.js';
import { measureNetworkRuns } from './network-run.js';
import { measureStartTimes } from './start-time.js';
import { measureStatefulCost, statefulCheckIds } from './stateful-cost.js';
import { measureStreamingMemory } from './streaming-memory.js';

const resultsFile = fileURLToPath(new URL('../../bench/results.json', import.meta.url));
const quick = process.argv.includes('--quick');
// --long adds the network run at 50 ms one request at a time: about two and a half minutes alone.
const long = process.argv.includes('--long');
const say = (text: string): void => void process.stderr.write(`${text}\n`);

say('bench: ceiling (alternating rounds)…');
const ceiling = await measureCeiling(quick ? 5 : 21, quick ? 300 : 500);
say('bench: cursor walk over 100,000 records…');
const walk = await measureCursorWalk(quick ? 20_000 : 100_000, 100, quick ? 1 : 3);
say('bench: full default run…');
const fullRun = await measureFullRun(quick ? 1 : 5);
say('bench: start-up of apicert --version and --help…');
const startTimes = await measureStartTimes(quick ? 5 : 10);
say('bench: peak memory against a 1 GB streaming target…');
const memory = await measureStreamingMemory(quick ? [4] : [1, 4, 16]);
// One run each; --quick keeps to 20 ms. One request at a time behind 50 ms would add about two and
// a half minutes to a bench of six, for a speed-up close to the one at 20 ms: only with --long.
const network = await measureNetworkRuns(quick ? [20] : [0, 20, 50], quick ? [20] : long ? [0, 20, 50] : [0, 20], say);
// What the stateful check adds to the default run at 20 ms, with and without it in turns.
const stateful = await measureStatefulCost(say, quick ? 1 : 2);
// Lists already holding records, as on staging; a million only in a full bench (memory allowing).
const volume = await measureDataVolume(quick ? [0, 1_000, 10_000] : [0, 1_000, 10_000, 100_000, 1_000_000], say);

const round = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const lines = [
  `apicert bench — node ${process.version}, ${cpus().length} cores${quick ? ' (quick)' : ''}${long ? ' (long)' : ''}`,
  '',
  '| Ceiling (one request at a time, GET /customers?limit=5) | req/s |',
  '|---|---:|',
  ...ceiling.samples.map((s) => `| ${s.label} | ${round(s.perSecond)} |`),
  `| **kit / bare against the reference server**, median of ${ceiling.samples[0]!.rounds.length} paired rounds (goal ≥ 0.80) | **${round(ceiling.kitRatio, 2)}** |`,
  '',
  `| Cursor walk, limit=100 (fastest of ${quick ? 1 : 3} turns each) | pages | items/s | pages/s | first 10 pages (median ms) | last 10 pages (median ms) |`,
  '|---|---:|---:|---:|---:|---:|',
  ...walk.map(
    (w) =>
      `| ${w.label} | ${w.pages} | ${round(w.itemsPerSecond)} | ${round(w.pagesPerSecond)} | ${round(w.firstPagesMs, 2)} | ${round(w.lastPagesMs, 2)} |`,
  ),
  '',
  `| Full default run (${fullRun.checks} checks, verdict ${fullRun.verdict}; goal < 5 s); a suite's row is the sum of its checks' times, which overlap where checks run side by side | ms | share |`,
  '|---|---:|---:|',
  `| **wall time, in-process** (median of ${fullRun.runsMs.map((ms) => round(ms)).join(', ')}) | **${round(fullRun.wallMs)}** | 100% |`,
  ...fullRun.suites.map(
    (s) =>
      `| ${s.suite}${s.suite === 'webhooks-receiver' ? ' (runs alongside pagination)' : ''} | ${round(s.ms)} | ${round(s.share * 100)}% |`,
  ),
  `| \`npm run demo\` as a new process: Node start, imports, server, run, reports (median of ${fullRun.demoRunsMs.map((ms) => round(ms)).join(', ')}) | ${round(fullRun.demoMs)} | |`,
  `| a bare \`node -e 0\`, for scale | ${round(fullRun.nodeStartMs)} | |`,
  '',
  `| Start-up in a new process (median of ${startTimes[0]!.runsMs.length} rounds, side by side; goal < 150 ms) | ms |`,
  '|---|---:|',
  ...startTimes.map((s) => `| ${s.label} | ${round(s.ms)} |`),
  '',
  '| Memory (`apicert run --suite resources`) | budgets.maxResponseBytes MiB | peak RSS MiB | over the reference run MiB | exit |',
  '|---|---:|---:|---:|---:|',
  ...memory.map((m) => {
    const baseline = memory.find((b) => b.capMiB === m.capMiB && b.bytesSentMiB === undefined);
    const over =
      m.bytesSentMiB === undefined || baseline === undefined ? '' : round(m.peakRssMiB - baseline.peakRssMiB, 1);
    const label = m.bytesSentMiB === undefined ? m.label : `${m.label} (it sent ${round(m.bytesSentMiB)} MiB in all)`;
    return `| ${label} | ${m.capMiB} | ${round(m.peakRssMiB, 1)} | ${over} | ${m.exitCode} |`;
  }),
  '',
  `| Network: the default run through a loopback proxy adding a delay per request (one run each; goals at the default concurrency: ${network.goals.map((g) => `${g.delayMs} ms under ${round(g.underMs / 1000)} s`).join(', ')}) | concurrency | wall time s | requests | peak in flight | critical path (round trips) | speed-up over concurrency 1 | goal |`,
  '|---|---:|---:|---:|---:|---:|---:|---|',
  ...network.runs.map((r) => {
    const speedUp =
      r.concurrency === network.defaultConcurrency ? network.speedUps.find((s) => s.delayMs === r.delayMs) : undefined;
    const goal =
      r.concurrency === network.defaultConcurrency ? network.goals.find((g) => g.delayMs === r.delayMs) : undefined;
    return [
      `${r.delayMs} ms${r.verdict === 'passed' ? '' : ` (verdict ${r.verdict})`}`,
      r.concurrency === network.defaultConcurrency ? `${r.concurrency} (default)` : `${r.concurrency}`,
      round(r.wallMs / 1000, 1),
      round(r.requests),
      r.peakInFlight,
      r.criticalPath === undefined ? '—' : round(r.criticalPath),
      speedUp === undefined ? '' : `${round(speedUp.ratio, 2)}×`,
      goal === undefined ? '' : `under ${round(goal.underMs / 1000)} s: ${r.wallMs < goal.underMs ? 'met' : 'not met'}`,
    ]
      .join(' | ')
      .replace(/^/, '| ')
      .concat(' |');
  }),
  '',
  `| Stateful checks: the default run at ${stateful.delayMs} ms a request, without and with ${statefulCheckIds.join(' and ')} (in turns, median; goal: at most ${round((stateful.goalRatio - 1) * 100)} % longer) | without s | with s | with / without | extra requests | ${statefulCheckIds.map((id) => `${id} s`).join(' | ')} | goal |`,
  `|---|---:|---:|---:|---:|${statefulCheckIds.map(() => '---:|').join('')}---|`,
  `| default concurrency | ${round(stateful.withoutMs / 1000, 1)} | ${round(stateful.withMs / 1000, 1)} | ${round(stateful.ratio, 2)} | ${round(stateful.extraRequests)} | ${statefulCheckIds.map((id) => round((stateful.checkMs[id] ?? Number.NaN) / 1000, 1)).join(' | ')} | ${stateful.ratio <= stateful.goalRatio ? 'met' : 'not met'} |`,
  '',
  `| Data volume: the default run against /products already holding N records (one run each, a new process; goal: requests and wall time within ${dataVolumeGoalRatio}× of the empty list's, memory flat) | requests | wall time s | peak RSS MiB | verdict | failed | errored | requests × | wall × | goal |`,
  '|---|---:|---:|---:|---|---:|---:|---:|---:|---|',
  ...volume.map((v) => {
    const empty = volume[0]!;
    const requestRatio = v.requests / empty.requests;
    const wallRatio = v.wallMs / empty.wallMs;
    const isMet =
      requestRatio <= dataVolumeGoalRatio && wallRatio <= dataVolumeGoalRatio && v.verdict === empty.verdict;
    return `| ${round(v.records)} | ${round(v.requests)} | ${round(v.wallMs / 1000, 1)} | ${round(v.peakRssMiB)} | ${v.verdict} (exit ${v.exitCode}) | ${v.failed} | ${v.errored} | ${round(requestRatio, 2)} | ${round(wallRatio, 2)} | ${isMet ? 'met' : 'not met'} |`;
  }),
];
process.stdout.write(`${lines.join('\n')}\n`);
await writeFile(
  resultsFile,
  `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, cores: cpus().length, quick, long, ceiling, walk, fullRun, startTimes, memory, network, stateful, volume }, null, 2)}\n`,
);
say(`bench: wrote ${resultsFile}`);
