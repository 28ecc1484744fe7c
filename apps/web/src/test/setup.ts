import '@testing-library/jest-dom/vitest';
import '../app/zod-locale';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor wait up to 5 s, not 1 s: a lazy screen or the toast code loading on a busy CI
// machine takes longer than a second, and an answer that never comes still fails the test.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Mantine asks for (color scheme, ScrollArea, Popover sizing).
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
// Textarea autosize listens for web fonts; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
// Logo previews: jsdom has no object URLs.
URL.createObjectURL ??= () => 'blob:preview';
URL.revokeObjectURL ??= () => {};
window.HTMLElement.prototype.scrollIntoView ??= function scrollIntoView() {};
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

// Toasts live in a module-level store: one test's toasts must not show up in the next.
afterEach(async () => {
  const { clearToasts } = await import('../shared/ui/toast');
  clearToasts();
});

// The signed-in branch keeps one query cache per page load; tests are separate "page loads".
afterEach(async () => {
  const { resetQueryClient } = await import('../app/query-client');
  resetQueryClient();
});
