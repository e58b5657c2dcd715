// The longest wait Node.js timers support: setTimeout treats anything above 2^31-1 ms as 1 ms, so
// a larger budget would fire at once. The schema caps every time at it.

/** The largest delay, in ms, that setTimeout honours. */
export const MAX_TIMER_MS = 2_147_483_647;
