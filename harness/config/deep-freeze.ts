// Freezes a value and everything reachable from it, so no check can change the config another
// check reads. Iterative: a deeply nested sample body must not overflow the stack.

/** Returns `value` after freezing it and every object and array inside it. */
export function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null || Object.isFrozen(next)) continue;
    Object.freeze(next);
    for (const child of Object.values(next)) pending.push(child);
  }
  return value;
}
