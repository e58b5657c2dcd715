// Reads one flag's value back out of a replay command the kit wrote (RunResult.replayCommand), whose
// values are bare words or single-quoted as quoteForShell writes them. Pure.

/** The value of `--name VALUE` in `command`, or undefined when the command has no such flag. */
export function readFlagFromCommand(command: string, name: string): string | undefined {
  const words = splitShellWords(command);
  const at = words.indexOf(name);
  return at === -1 ? undefined : words[at + 1];
}

// Words as a POSIX shell splits what quoteForShell writes: bare runs, and '…' with '\'' for a quote.
function splitShellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < command.length; i += 1) {
    const char = command[i]!;
    if (char === ' ') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (char === "'") {
      const end = command.indexOf("'", i + 1);
      const quoted = end === -1 ? command.slice(i + 1) : command.slice(i + 1, end);
      word = (word ?? '') + quoted;
      i = end === -1 ? command.length : end;
    } else if (char === '\\' && i + 1 < command.length) {
      word = (word ?? '') + command[i + 1];
      i += 1;
    } else {
      word = (word ?? '') + char;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}
