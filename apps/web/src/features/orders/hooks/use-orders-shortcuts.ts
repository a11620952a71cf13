import { useWindowEvent } from '@mantine/hooks';
import { ORDER_TABS, type OrderTab, tabPath } from '@mc/domain';
import { useRef } from 'react';
import { useLocation } from 'wouter';
import {
  isShortcutEvent,
  openDialogs,
  SEQUENCE_TIMEOUT_MS,
  TAB_SEQUENCE_KEYS,
  useShortcuts,
} from '../../../lib/keyboard-shortcuts.ts';

/** The header's order-number box carries this attribute: `/` puts the cursor there. */
export const ORDER_SEARCH_ATTR = 'data-order-search';

const TAB_BY_KEY = new Map<string, OrderTab>(ORDER_TABS.map((t) => [TAB_SEQUENCE_KEYS[t], t]));

/**
 * `g` then a/h/c/d within SEQUENCE_TIMEOUT_MS opens that tab. Any other key, a field taking the key, an
 * open dialog or the time running out forgets the `g`.
 */
function useTabSequences() {
  const [, navigate] = useLocation();
  const pendingSince = useRef<number | null>(null);
  useWindowEvent('keydown', (event) => {
    const since = pendingSince.current;
    pendingSince.current = null;
    if (event.defaultPrevented || !isShortcutEvent(event) || event.shiftKey) return;
    if (openDialogs().length > 0) return;
    const key = event.key.toLowerCase();
    if (since !== null && Date.now() - since <= SEQUENCE_TIMEOUT_MS) {
      const tab = TAB_BY_KEY.get(key);
      if (tab) {
        event.preventDefault();
        navigate(tabPath(tab));
        return;
      }
    }
    if (key === 'g' && !event.repeat) pendingSince.current = Date.now();
  });
}

/** The orders area's own keys: `?` shows the shortcuts, `/` focuses the order search, `g x` switches tabs. */
export function useOrdersShortcuts(openHelp: () => void) {
  useTabSequences();
  const showHelp = (event: KeyboardEvent) => {
    event.preventDefault();
    openHelp();
  };
  const focusSearch = (event: KeyboardEvent) => {
    if (openDialogs().length > 0) return;
    const box = document.querySelector<HTMLInputElement>(`input[${ORDER_SEARCH_ATTR}]`);
    if (!box) return;
    // no '/' typed into the box that gets the focus
    event.preventDefault();
    box.focus();
    box.select();
  };
  useShortcuts([
    ['?', showHelp],
    ['shift+?', showHelp],
    ['/', focusSearch],
    ['shift+/', focusSearch],
  ]);
}
