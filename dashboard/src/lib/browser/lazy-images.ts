// The image lazy loader (docs/architecture.md "The dashboard"): an image starts loading once it comes within 1.3 viewport
// heights of the top of the screen, checked at most every 200 ms while the page scrolls; a failed load is
// tried up to 3 times in all; the last 200 images that loaded are remembered, so going back to a page shows
// them at once instead of fading them in again.

export const LAZY_IMAGES = { attempts: 3, preloadRatio: 1.3, throttleMs: 200, cacheSize: 200 } as const;

/** Whether an element's box is close enough to the viewport to start loading (vue-lazyload's `preLoad`). */
export function isNearViewport(
  box: { top: number; bottom: number },
  viewportHeight: number,
  preloadRatio: number = LAZY_IMAGES.preloadRatio,
): boolean {
  return box.top < viewportHeight * preloadRatio && box.bottom > -viewportHeight * (preloadRatio - 1);
}

/** A set of the most recently used strings, at most `capacity` of them (the oldest leaves first). */
export class RecentSet {
  private readonly items = new Set<string>();

  constructor(private readonly capacity: number) {}

  has(item: string): boolean {
    return this.items.has(item);
  }

  add(item: string): void {
    // Re-inserting moves an item to the newest end of the Set's insertion order.
    this.items.delete(item);
    this.items.add(item);
    while (this.items.size > this.capacity) {
      const oldest = this.items.values().next().value;
      if (oldest === undefined) break;
      this.items.delete(oldest);
    }
  }

  get size(): number {
    return this.items.size;
  }
}

/**
 * Calls `run` at most once per `waitMs`: at once on the first call, then once more at the end of the
 * window when calls came in meanwhile, so the last scroll position is always checked.
 *
 * The timer functions are called bare, never as methods of another object: browsers refuse
 * `setTimeout` with a `this` other than the window ("Illegal invocation"), though Node accepts it.
 */
export function throttle(run: () => void, waitMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  const fire = () => {
    timer = undefined;
    if (!pending) return;
    pending = false;
    run();
    timer = setTimeout(fire, waitMs);
  };
  return {
    call(): void {
      if (timer !== undefined) {
        pending = true;
        return;
      }
      run();
      timer = setTimeout(fire, waitMs);
    },
    cancel(): void {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = false;
    },
  };
}

/**
 * Loads `src` with `fetchImage`, trying again after a short pause up to `attempts` times in all. Answers
 * whether it loaded; a loaded source is remembered in `cache`.
 */
export async function loadWithRetries(
  src: string,
  fetchImage: (src: string) => Promise<void>,
  cache: RecentSet,
  options: { attempts?: number; pauseMs?: number } = {},
): Promise<boolean> {
  const attempts = options.attempts ?? LAZY_IMAGES.attempts;
  const pauseMs = options.pauseMs ?? 300;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      await fetchImage(src);
      cache.add(src);
      return true;
    } catch {
      if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, pauseMs * attempt));
    }
  }
  return false;
}
