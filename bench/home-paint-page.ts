/**
 * In the page, for bench/home-paint.bench.ts (an init script, so it runs in every document the
 * context opens): takes the time of the click on Sign in, then at every frame looks at the feed,
 * and sets `window.homePaint` to the times (ms from the click) of the frame that first drew the
 * first section's first item and of the frame in which every section had settled.
 */

/** Ms from the click on Sign in. */
export interface HomeTimes {
  readonly first: number;
  readonly settled: number;
  /** Each section's first item or empty sentence, by its heading's id: where the time goes. */
  readonly sections: Readonly<Record<string, number>>;
}

/** `sections`: how many the feed has. Self-contained: the page gets its source alone. */
export function watchHome(sections: number): void {
  /** Watches for at most this long after the click: a bounded loop. */
  const WATCH_MS = 30_000;
  // tsx compiles with esbuild's keepNames, which wraps inner functions in a Node-only helper.
  (globalThis as { __name?: unknown }).__name ??= (target: unknown) => target;
  const times: { first?: number; settled?: number } = {};
  const sectionTimes: Record<string, number> = {};
  let clicked: number | undefined;
  // Settled: no skeleton, and its count (badge) or its error showing, with the items or the
  // empty sentence that come with them.
  const settledSection = (section: Element) =>
    section.querySelector('[role="status"][aria-label^="Loading"]') === null &&
    section.querySelector('.mantine-Badge-root, [role="alert"]') !== null;
  const frame = () => {
    if (clicked === undefined) return;
    const now = performance.now() - clicked;
    const feed = [...document.querySelectorAll('section[aria-labelledby^="feed-"]')];
    if (times.first === undefined && feed[0]?.querySelector('li') != null) times.first = now;
    for (const section of feed) {
      const id = section.getAttribute('aria-labelledby') ?? '?';
      if (sectionTimes[id] === undefined && settledSection(section)) sectionTimes[id] = now;
    }
    if (times.first !== undefined && feed.length >= sections && feed.every(settledSection)) {
      times.settled = now;
      (window as { homePaint?: HomeTimes }).homePaint = {
        first: times.first,
        settled: now,
        sections: sectionTimes,
      };
      return;
    }
    if (now < WATCH_MS) requestAnimationFrame(frame);
  };
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest('button');
      if (clicked !== undefined || button?.textContent.trim() !== 'Sign in') return;
      clicked = performance.now();
      requestAnimationFrame(frame);
    },
    true,
  );
}
