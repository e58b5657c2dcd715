// Every timer the server starts (retry backoff, delivery time-outs, slow-answer defects) goes
// through one registry, so close() can end them all and leave no open handle behind.

export class TimerRegistry {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly wakers = new Set<() => void>();
  private closed = false;

  get isClosed(): boolean {
    return this.closed;
  }

  /** Runs `action` after `ms`, unless cancelled or closed first. Returns the cancel function. */
  schedule(action: () => void, ms: number): () => void {
    if (this.closed) return () => undefined;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      action();
    }, ms);
    this.timers.add(timer);
    return () => {
      clearTimeout(timer);
      this.timers.delete(timer);
    };
  }

  /** Resolves after `ms`, or at once when the registry closes (callers check isClosed after). */
  delay(ms: number): Promise<void> {
    if (this.closed || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = (): void => {
        this.wakers.delete(wake);
        cancel();
        resolve();
      };
      const cancel = this.schedule(wake, ms);
      this.wakers.add(wake);
    });
  }

  /** Cancels every timer and resolves every pending delay. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const wake of [...this.wakers]) wake();
  }
}
