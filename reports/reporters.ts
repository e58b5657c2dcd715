// Every output apicert makes of a run, by name, like vitest's ReportersMap: the files --format
// chooses and what --reporter prints. The flags' choices, the file names and the files a run
// replaces are all read from this one map, so adding a format is a folder and an entry here. Each
// entry loads its rendering when it is used: a run that writes only report.json never loads the
// HTML renderer, and a command that writes no report loads none.
import { badgeFileName } from './html/badge-file-name.js';
import type { FileReporter, PrintedReporter, Reporter } from './reporter.js';

const htmlReporter: FileReporter = {
  output: 'file',
  fileName: 'index.html',
  mark: /<meta name="generator" content="apicert /,
  extraFiles: [{ fileName: badgeFileName, mark: /^<svg [^>]*aria-label="apicert: / }],
  load: async () => {
    const [{ renderHtmlReport }, { renderBadgeSvg }] = await Promise.all([
      import('./html/render-html.js'),
      import('./html/badge-svg.js'),
    ]);
    return {
      render: renderHtmlReport,
      renderExtraFiles: (run) => [{ fileName: badgeFileName, content: renderBadgeSvg(run) }],
    };
  },
};

const junitReporter: FileReporter = {
  output: 'file',
  fileName: 'junit.xml',
  mark: /^<\?xml [^>]*\?>\s*<testsuites name="apicert"/,
  load: async () => ({ render: (await import('./junit/render-junit.js')).renderJunitReport }),
};

const jsonReporter: FileReporter = {
  output: 'file',
  fileName: 'report.json',
  mark: /^\{\s*"tool":\s*\{\s*"name":\s*"apicert"/,
  load: async () => ({ render: (await import('./json/render-json.js')).renderJsonReport }),
};

// The report, then the comparison with a baseline when there is one.
const consoleReporter: PrintedReporter = {
  output: 'printed',
  byDefault: 'always',
  load: async () => {
    const [{ renderConsoleReport }, { renderComparisonConsole }] = await Promise.all([
      import('./console/render-console.js'),
      import('./console/render-comparison-console.js'),
    ]);
    return {
      render: (run, { color, failOn, comparison }) =>
        renderConsoleReport(run, { color }) +
        (comparison === undefined ? '' : renderComparisonConsole(comparison, { color, failOn })),
    };
  },
};

// Annotations go to stdout, where the runner reads workflow commands; the summary is appended to
// the step's file. As vitest and Playwright do, on by default on GitHub Actions.
const githubReporter: PrintedReporter = {
  output: 'printed',
  describe: 'annotations and the job summary',
  byDefault: { env: 'GITHUB_ACTIONS', value: 'true' },
  appendTo: { env: 'GITHUB_STEP_SUMMARY', describe: 'the job summary' },
  load: async () => {
    const [{ renderGithubAnnotations }, { renderGithubStepSummary }] = await Promise.all([
      import('./github/render-annotations.js'),
      import('./github/render-step-summary.js'),
    ]);
    return {
      render: renderGithubAnnotations,
      renderAppended: (run, { reportPaths }) => `${renderGithubStepSummary(run, { reportPaths })}\n`,
    };
  },
};

/** Every reporter, by name; files in the order the contract lists them, then what is printed. */
export const reporters = {
  html: htmlReporter,
  junit: junitReporter,
  json: jsonReporter,
  console: consoleReporter,
  github: githubReporter,
} as const satisfies Readonly<Record<string, Reporter>>;

type Reporters = typeof reporters;
export type ReporterName = keyof Reporters;
/** The names --format takes: the reporters that write a file. */
export type ReportFormat = { [N in ReporterName]: Reporters[N] extends FileReporter ? N : never }[ReporterName];
/** The names --reporter takes: the reporters that print. */
export type PrintedReporterName = Exclude<ReporterName, ReportFormat>;

const names = Object.keys(reporters) as ReporterName[];
/** Every file format, in the order the contract lists them. */
export const reportFormats: readonly ReportFormat[] = names.filter(
  (name): name is ReportFormat => reporters[name].output === 'file',
);
/** Everything --reporter can print. */
export const printedReporterNames: readonly PrintedReporterName[] = names.filter(
  (name): name is PrintedReporterName => reporters[name].output === 'printed',
);
