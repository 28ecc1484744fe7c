/** A clock a test moves forward (a challenge's minutes, a cache's second): pass `now` to useTestApp. */
export function testClock() {
  const clock = { offsetMs: 0, now: () => new Date(Date.now() + clock.offsetMs) };
  return clock;
}
