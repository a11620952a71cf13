import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadFloating } from '../lib/floating.ts';

// findBy* and waitFor give up after 1 s by default: a lazy route or dialog chunk plus a Mantine render takes
// longer than that on a loaded 2-core machine (over 10 s at load average 35). 15 s, within the 60 s test
// timeout (vitest.config.ts); a wait that succeeds returns as soon as it does, so only a failing test
// waits the full time.
configure({ asyncUtilTimeout: 15_000 });

// The page the server sends carries the site's name (lib/brand.ts); the tests' page is given the default one.
const siteNameMeta = document.createElement('meta');
siteNameMeta.name = 'site-name';
siteNameMeta.content = 'Retailer';
document.head.append(siteNameMeta);

// jsdom lacks these browser APIs that Mantine uses.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: /min-width:\s*68\.75em/.test(query),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
// Mantine's autosizing Textarea measures again when web fonts finish loading (document.fonts), which jsdom
// does not implement; nothing loads fonts here, so an event target that never fires is enough.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });

const getComputedStyle = window.getComputedStyle;
window.getComputedStyle = (elt: Element) => getComputedStyle(elt);

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  window.localStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: test reset
    if (name) document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
});

// Menus, popovers and tooltips load their code on first use in the app (lib/floating.ts); the tests have it
// from the start, so a click opens a menu as before.
await loadFloating();
