/**
 * Keyboard shortcuts of the orders desk (decision 0104): the one table the '?' dialog and the
 * README show, the guard that keeps every shortcut quiet while a field takes the keys, and a thin wrapper
 * over Mantine's useHotkeys with that guard.
 */
import { type HotkeyItem, useHotkeys } from '@mantine/hooks';
import type { OrderTab } from '@mc/domain';

/** After `g`, the second key must follow within this time (then the `g` is forgotten). */
export const SEQUENCE_TIMEOUT_MS = 1000;

/** `g` + this key opens that orders tab. */
export const TAB_SEQUENCE_KEYS: Record<OrderTab, string> = {
  active: 'a',
  on_hold: 'h',
  cancelled: 'c',
  completed: 'd',
};

export interface ShortcutRow {
  /** The keys as shown, each in its own <kbd>; 'then' between the keys of a sequence. */
  keys: string[];
  sequence?: boolean;
  description: string;
}

export interface ShortcutGroup {
  title: string;
  rows: ShortcutRow[];
}

export const SHORTCUT_GROUPS: ShortcutGroup[] = [
  {
    title: 'Orders list',
    rows: [
      { keys: ['?'], description: 'Show these keyboard shortcuts' },
      { keys: ['/'], description: 'Search by order number' },
      { keys: ['j'], description: 'Highlight the next order' },
      { keys: ['k'], description: 'Highlight the previous order' },
      { keys: ['Enter'], description: 'Open the highlighted order (Review Order)' },
    ],
  },
  {
    title: 'Tabs',
    rows: [
      { keys: ['g', TAB_SEQUENCE_KEYS.active], sequence: true, description: 'Go to Active' },
      { keys: ['g', TAB_SEQUENCE_KEYS.on_hold], sequence: true, description: 'Go to On Hold' },
      { keys: ['g', TAB_SEQUENCE_KEYS.cancelled], sequence: true, description: 'Go to Cancelled' },
      { keys: ['g', TAB_SEQUENCE_KEYS.completed], sequence: true, description: 'Go to Completed (done)' },
    ],
  },
  {
    title: 'Review Order',
    rows: [
      { keys: ['a'], description: 'Open Accept & Confirm (confirm there)' },
      { keys: ['r'], description: 'Open Reject Order (confirm there)' },
      { keys: ['Esc'], description: 'Close the topmost dialog' },
    ],
  },
];

/** Input types that take no text: a shortcut may fire while one of these has the focus. */
const KEYLESS_INPUT_TYPES = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
]);

/** True while the key goes into a field: a text input, a textarea, a select, an editable or a combobox. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !KEYLESS_INPUT_TYPES.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  const role = target.getAttribute('role');
  return role === 'textbox' || role === 'combobox' || role === 'searchbox' || role === 'spinbutton';
}

/** The dialogs (modals, drawers, popovers with a dialog role) open now, in opening order. */
export function openDialogs(): Element[] {
  return Array.from(document.querySelectorAll('[role="dialog"]'));
}

/** A keydown a shortcut may act on: not typed into a field, not an IME composition, no Ctrl/Alt/Meta. */
export function isShortcutEvent(event: KeyboardEvent): boolean {
  return (
    !event.isComposing && !event.ctrlKey && !event.altKey && !event.metaKey && !isTypingTarget(event.target)
  );
}

export type ShortcutBinding = [hotkey: string, handler: (event: KeyboardEvent) => void];

/**
 * Mantine's useHotkeys with the field guard above (its own guard ignores every INPUT, a row's checkbox
 * included) and an on/off switch. A handler that returns without acting still has the default prevented
 * only when it matched, as in Mantine.
 */
export function useShortcuts(bindings: ShortcutBinding[], enabled = true): void {
  const items: HotkeyItem[] = enabled
    ? bindings.map(([hotkey, handler]) => [
        hotkey,
        (event) => {
          if (isShortcutEvent(event)) handler(event);
        },
        { preventDefault: false },
      ])
    : [];
  useHotkeys(items, []);
}
