// What Mantine needs from a browser that jsdom lacks. Imported first by every component test.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;

// findBy* waits 1 s by default; on CI's two loaded cores a Dexie live query plus a Mantine
// transition sometimes takes longer, and a test must fail on behaviour, not on a busy machine.
configure({ asyncUtilTimeout: 15000 });

afterEach(() => cleanup());
