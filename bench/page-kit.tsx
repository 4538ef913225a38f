/**
 * What the bench pages (bench/chart-page, bench/table-page) share, in the browser: waiting for
 * painted frames and React commits, with a time limit, and starting the page with its
 * `window.bench` (see browser-page.ts for the Node side).
 */
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { UiProvider } from '../src/app/ui-provider.tsx';

const WAIT_MS = 20_000;

export function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: number | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = window.setTimeout(() => {
      reject(new Error(`${what}: nothing within ${WAIT_MS / 1000} s`));
    }, WAIT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer);
  });
}

/**
 * Reads `sample()` in the next frame's animation callback (what that frame will show), and
 * resolves once the frame has been rendered: a task posted from the animation callback runs
 * after the frame's style, layout and paint, so the time includes the browser's work too.
 */
export function nextFrame<T>(sample: () => T): Promise<{ value: T; paintedAt: number }> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const value = sample();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve({ value, paintedAt: performance.now() });
      };
      channel.port2.postMessage(null);
    });
  });
}

/** When the next frame has been rendered (see `nextFrame`). */
export async function nextPaint(): Promise<number> {
  return (await nextFrame(() => undefined)).paintedAt;
}

let onCommit: (() => void) | undefined;

/**
 * Call from the page's root component in a layout effect on the state the bench changes: a
 * parent's layout effect runs after its children's, so the commit is complete there.
 */
export function signalCommit(): void {
  onCommit?.();
}

/** Runs `update`, then resolves with the time the frame after React's commit was painted. */
export function paintedAfterCommit(update: () => void, what: string): Promise<number> {
  const painted = new Promise<number>((resolve) => {
    onCommit = () => {
      onCommit = undefined;
      void nextPaint().then(resolve);
    };
  });
  update();
  return withTimeout(painted, what).finally(() => {
    onCommit = undefined;
  });
}

/** Sets `window.bench` and renders `page` in the app's UI provider. */
export function startBenchPage(bench: object, page: ReactNode): void {
  (window as { bench?: object }).bench = bench;
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  createRoot(root).render(<UiProvider>{page}</UiProvider>);
}
