// Every timer the second server starts goes through here, so close() can end them all at once and
// no delayed retry or deferred processing outlives a test.

export class TimerSet {
  private readonly pending = new Map<NodeJS.Timeout, () => void>();
  private closed = false;

  get isClosed(): boolean {
    return this.closed;
  }

  /** Runs `task` after `ms` unless cancelled or closed first; returns the cancel function. */
  schedule(task: () => void, ms: number): () => void {
    if (this.closed) return () => undefined;
    const handle = setTimeout(() => {
      this.pending.delete(handle);
      task();
    }, ms);
    this.pending.set(handle, () => undefined);
    return () => {
      clearTimeout(handle);
      this.pending.delete(handle);
    };
  }

  /** Resolves after `ms`, or at once when the set closes (callers check isClosed after). */
  delay(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      if (this.closed) return resolve();
      const handle = setTimeout(() => {
        this.pending.delete(handle);
        resolve();
      }, ms);
      this.pending.set(handle, resolve);
    });
  }

  /** Cancels every timer and releases every pending delay. */
  close(): void {
    this.closed = true;
    for (const [handle, release] of this.pending) {
      clearTimeout(handle);
      release();
    }
    this.pending.clear();
  }
}
