/**
 * Where a page's first-paint script (FIRST_PAINT_SCRIPTS of src/first-render.ts) leaves the data of the address it
 * loaded, for the app's first render to take instead of loading it again (docs/architecture.md, "The station page's
 * first paint"). One page a load, so one slot. No React here: the scripts are small and inline.
 */
const FIRST_PAINT_DATA = '__refillFirstPaint';
type WithFirstPaint = Record<typeof FIRST_PAINT_DATA, Promise<unknown> | undefined>;

/** The JSON of an answer, or null when it is not ok; its body is then let go, as one left unread keeps its request open. */
export async function okJson<T>(answer: Response): Promise<T | null> {
  if (answer.ok) return (await answer.json()) as T;
  await answer.body?.cancel();
  return null;
}

/** How long the app's first render waits for the first paint's data before it loads the data itself. */
const FIRST_PAINT_WAIT_MS = 3_000;

/**
 * A first-paint script's run: loads the data of the address's `$name` segment (`/s/{id}`: null when not found, or no
 * network), leaves it for the app, and writes it into the prerendered frame (its element marked `data-fill="frame"`)
 * once the page is parsed.
 */
export function startFirstPaint<T>(load: (segment: string) => Promise<T | null>, fill: (frame: Element, data: T) => void) {
  const data = (() => {
    try {
      return load(decodeURIComponent(location.pathname.split('/')[2] ?? ''));
    } catch {
      // A malformed escape in the address: nothing there.
      return Promise.resolve(null);
    }
  })();
  (window as unknown as WithFirstPaint)[FIRST_PAINT_DATA] = data;
  void data.then((found) => {
    const paint = () => {
      // Only into the prerendered frame: once the app has rendered the page, it is the app's.
      const frame = document.querySelector('[data-fill="frame"]');
      if (found && frame) fill(frame, found);
    };
    if (document.readyState === 'loading') document.addEventListener('readystatechange', paint, { once: true });
    else paint();
  });
}

/**
 * In the app's first render: the first paint's data, or null where the page came without a first paint (the shell:
 * the dev server, the service worker), found nothing, or was not done in time.
 */
export function firstPaintData<T>(): Promise<T | null> {
  const data = (window as unknown as WithFirstPaint)[FIRST_PAINT_DATA] as Promise<T | null> | undefined;
  if (!data) return Promise.resolve(null);
  return Promise.race([data, new Promise<null>((resolve) => setTimeout(() => resolve(null), FIRST_PAINT_WAIT_MS))]);
}
