// A cap in bytes that a channel's log draws on, and through it the sink's own cap for all channels.
// Pure bookkeeping: nothing is allocated here, the log asks before it keeps and gives back on close.

/** Bytes one holder may keep, drawn from its parent's cap too (a channel's from the sink's). */
export class ByteBudget {
  private usedBytes = 0;

  constructor(
    readonly limit: number,
    private readonly parent?: ByteBudget,
  ) {}

  /** Bytes taken and not given back. */
  get used(): number {
    return this.usedBytes;
  }

  /** Takes `bytes` when they fit here and in every parent; takes nothing and answers false otherwise. */
  tryTake(bytes: number): boolean {
    if (this.usedBytes + bytes > this.limit) return false;
    if (this.parent !== undefined && !this.parent.tryTake(bytes)) return false;
    this.usedBytes += bytes;
    return true;
  }

  /** Gives back bytes taken earlier, here and in every parent. */
  give(bytes: number): void {
    const given = Math.min(bytes, this.usedBytes);
    this.usedBytes -= given;
    this.parent?.give(given);
  }
}
