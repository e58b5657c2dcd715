// What a command may touch of the process, so commands run in-process in tests.
export interface CliIo {
  readonly stdout: { readonly isTTY?: boolean; readonly columns?: number; write(text: string): unknown };
  readonly stderr: { readonly isTTY?: boolean; readonly columns?: number; write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Resolves when the user asks a long-running command to stop (SIGINT/SIGTERM). */
  readonly untilStopped: () => Promise<void>;
  /**
   * For `run`: watches SIGINT/SIGTERM until disposed. The first aborts `signal` (the run stops its
   * checks, cleans up and still reports); the second ends the process at once.
   */
  readonly watchInterrupts?: () => InterruptWatch;
}

export interface InterruptWatch {
  readonly signal: AbortSignal;
  dispose(): void;
}
