// GitHub Actions workflow commands ("::error title=…::message"), escaped as the runner reads them:
// a newline in the data cannot start a command of its own, and a property cannot end early at a
// comma or colon. Pure.
import { toInertText } from '../../harness/model/inert-text.js';

/** The characters the runner decodes in a command's message. */
export function escapeCommandData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** The characters the runner decodes in a property value (title, file). */
export function escapeCommandProperty(text: string): string {
  return escapeCommandData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

export type AnnotationLevel = 'error' | 'warning' | 'notice';

/**
 * One annotation: a title and a message of several lines. Target text in either is made inert
 * first (no escape sequences or controls) and cut, so one annotation stays a readable size.
 */
export function workflowCommand(level: AnnotationLevel, title: string, lines: readonly string[]): string {
  const message = lines.map((line) => toInertText(line, maxLineChars)).join('\n');
  return `::${level} title=${escapeCommandProperty(toInertText(title, maxTitleChars))}::${escapeCommandData(message)}`;
}

const maxTitleChars = 200;
const maxLineChars = 1_000;
