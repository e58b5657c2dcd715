// A stateful check's counterexample as the numbered steps of its shrunk sequence, for every
// reporter: `steps` (each "N. what was sent → what came") and `breaks` ("step N: rule"). Read
// defensively: a counterexample is whatever the check kept, and report.json may be edited.

export interface SequenceSteps {
  readonly steps: readonly string[];
  /** "step N: rule", naming the step that broke the rule; the last step when absent. */
  readonly breaks: string;
}

// Steps shown of one sequence, and characters of one step: the check keeps what it shrank to, and
// a shrunk sequence is a handful; these only bound an edited or a hostile report.
const maxSteps = 40;
const maxStepChars = 400;

/** The steps of a counterexample that has them, bounded; undefined for any other counterexample. */
export function readSequenceSteps(counterexample: unknown): SequenceSteps | undefined {
  if (typeof counterexample !== 'object' || counterexample === null) return undefined;
  const { steps, breaks } = counterexample as Record<string, unknown>;
  if (!Array.isArray(steps) || steps.length === 0 || !steps.every((step) => typeof step === 'string')) return undefined;
  const shown = (steps as string[])
    .slice(-maxSteps)
    .map((step) => (step.length > maxStepChars ? `${step.slice(0, maxStepChars)}…` : step));
  const left = steps.length - shown.length;
  return {
    steps: left > 0 ? [`(${left} earlier steps in report.json)`, ...shown] : shown,
    breaks: typeof breaks === 'string' ? breaks.slice(0, maxStepChars) : `step ${steps.length}`,
  };
}

/** The steps as text lines, the breaking one marked: for the console and junit.xml. */
export function describeSequenceSteps(sequence: SequenceSteps): string[] {
  return [
    `sequence (shrunk), ${sequence.breaks}:`,
    ...sequence.steps.map((step, index) =>
      index === sequence.steps.length - 1
        ? `  ${step}   ← breaks ${sequence.breaks.replace(/^step \d+: /, '')}`
        : `  ${step}`,
    ),
  ];
}
