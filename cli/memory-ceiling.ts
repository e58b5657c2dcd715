// Keeps the process's resident memory near a ceiling during a run. What a run holds at once is
// bounded (evidence, cursors, pages kept), but V8 collects lazily: a target answering pages of
// hundreds of thousands of items, read by many checks side by side, leaves garbage that V8 lets grow
// to several times what is alive (a whole run peaked at 580 MiB with under 200 MiB live). Past the
// ceiling, a full collection is asked for, at most a few times a second, so the garbage goes at once.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface MemoryCeiling {
  /** Full collections asked for so far. */
  collections(): number;
  stop(): void;
}

/** Watches resident memory every `pollMs`; past `ceilingBytes`, collects, at most once per `gapMs`. */
export function watchMemoryCeiling({
  ceilingBytes = 256 * 1024 * 1024,
  pollMs = 25,
  gapMs = 250,
}: { ceilingBytes?: number; pollMs?: number; gapMs?: number } = {}): MemoryCeiling {
  const collect = collector();
  let collections = 0;
  let lastAt = Number.NEGATIVE_INFINITY;
  const timer = setInterval(() => {
    if (collect === undefined || process.memoryUsage.rss() < ceilingBytes) return;
    const now = performance.now();
    if (now - lastAt < gapMs) return;
    lastAt = now;
    collections += 1;
    collect();
  }, pollMs);
  // Never what keeps the process alive.
  timer.unref();
  return { collections: () => collections, stop: () => clearInterval(timer) };
}

// V8 hands out its collector only to code run after --expose-gc is set; a new context is such code.
function collector(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}
