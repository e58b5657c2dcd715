// One self-rewriting status line on a terminal; silent when the stream is not a TTY (CI logs).

export interface ProgressLine {
  update(index: number, total: number, label: string): void;
  clear(): void;
}

interface TtyLike {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(text: string): unknown;
}

export function createProgressLine(stream: TtyLike): ProgressLine {
  if (stream.isTTY !== true) return { update: () => {}, clear: () => {} };
  let last = { index: 0, total: 0 };
  return {
    update(index, total, label) {
      // index -1: detail within the current check
      if (index >= 0) last = { index, total };
      const width = Math.max(20, (stream.columns ?? 80) - 1);
      const text = `[${last.index + 1}/${last.total}] ${label}`.replace(/[\u0000-\u001f\u007f]/g, ' ');
      stream.write(`\r\u001b[2K${text.slice(0, width)}`);
    },
    clear() {
      stream.write('\r\u001b[2K');
    },
  };
}
