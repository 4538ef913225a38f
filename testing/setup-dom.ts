import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor give up after 1 s by default, which a busy machine exceeds while the
// test is right; they still return as soon as the element shows.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the layout APIs Mantine asks for; these answer as a desktop browser at rest would.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
window.ResizeObserver = class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};

// Mantine's autosizing textarea listens for web fonts loading.
// Configurable: the setup file may run again in the same window.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined },
});

// Mantine's Combobox scrolls the highlighted option into view.
Element.prototype.scrollIntoView = function scrollIntoView(): void {};

afterEach(() => {
  cleanup();
});

// The dom project runs its files one after another in the same window (isolate: false: a fresh
// jsdom and a fresh import of React and Mantine per file cost more than the tests). This file
// runs before each of them, so each starts as a new tab would: empty storage and page, real
// timers, no spy or stubbed global left behind by the file before.
localStorage.clear();
sessionStorage.clear();
document.body.innerHTML = '';
vi.useRealTimers();
vi.unstubAllGlobals();
vi.restoreAllMocks();

// The app's own singletons outlive a file as well: a module refused (403) or a sign-in left by
// the file before would open this file's first test in another state than a new tab's.
const { moduleAccess, session } = await import('../src/lib/api/services.ts');
moduleAccess.clear();
session.signOut();
