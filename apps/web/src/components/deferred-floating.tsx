import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { type FloatingParts, loadFloating, useFloatingParts } from '../lib/floating.ts';

interface TargetProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onClick?: (event: ReactMouseEvent<HTMLElement>) => void;
}

export interface DeferredFloatingProps {
  /** The target (a button, an icon, an input): one element that takes a ref and DOM event props. */
  target: ReactElement<TargetProps>;
  /**
   * What a click on the target opens: 'menu' (Menu) or 'dialog' (Popover). The plain target carries the
   * aria-haspopup and aria-expanded Mantine gives it, and a click before the layer has loaded opens it
   * once loaded. None for a tooltip (it opens on hover) or a popover the page opens itself.
   */
  popup?: 'menu' | 'dialog';
  /**
   * The floating component around `target` once the layer has loaded. `opened`: clicked while loading
   * (with `popup`), or under the pointer (without): pass it as the component's `defaultOpened`.
   */
  children: (parts: FloatingParts, target: ReactElement, opened: boolean) => ReactNode;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * A Menu, Popover or Tooltip whose code (Mantine's floating layer with floating-ui, ~30 KB gzip) loads on
 * first use, not with the page (docs/decisions/0150): the target renders plain and starts the load when
 * hovered, focused or clicked; then the real component wraps it. The target is mounted anew inside it, so
 * focus (and an input's caret) moves to the new element when the old one had it. A target held down
 * when the layer arrives stays until it is released: the browser sends the click to the element that
 * was pressed, and a row's Accept must not need a second click when its tooltip's code is slow to come.
 */
export function DeferredFloating({ target, popup, children }: DeferredFloatingProps) {
  const loaded = useFloatingParts();
  const [clicked, setClicked] = useState(false);
  const [pressed, setPressed] = useState(false);
  const parts = pressed ? null : loaded;
  const node = useRef<HTMLElement | null>(null);
  const pointerInside = useRef(false);
  const plain = useRef(parts === null);
  const restore = useRef<{ start: number | null; end: number | null } | null>(null);
  const targetRef = target.props.ref;

  // The render that swaps the plain target for the real one: note whether the plain one has the focus.
  if (parts && plain.current) {
    const old = node.current;
    restore.current =
      old && old === document.activeElement
        ? old instanceof HTMLInputElement
          ? { start: old.selectionStart, end: old.selectionEnd }
          : { start: null, end: null }
        : null;
  }
  useLayoutEffect(() => {
    if (!parts || !plain.current) return;
    plain.current = false;
    const focus = restore.current;
    restore.current = null;
    const el = node.current;
    if (!focus || !el) return;
    // focusVisible: the ring a keyboard user had stays (browsers without the option ignore it).
    el.focus({ focusVisible: true } as FocusOptions);
    if (el instanceof HTMLInputElement && focus.start !== null)
      el.setSelectionRange(focus.start, focus.end ?? focus.start);
  }, [parts]);

  // A layout effect: it listens before the browser can dispatch the release that follows the press.
  useLayoutEffect(() => {
    if (!pressed) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const releaseAfter = (ms: number) => () => {
      clearTimeout(timer);
      timer = setTimeout(() => setPressed(false), ms);
    };
    // Swap once the click has been dispatched. A tap's click can come in a later task than its pointerup,
    // so a pointerup alone (the pointer dragged off: no click) releases only after a while.
    const afterClick = releaseAfter(0);
    const withoutClick = releaseAfter(500);
    window.addEventListener('click', afterClick, true);
    window.addEventListener('pointerup', withoutClick, true);
    window.addEventListener('pointercancel', afterClick, true);
    return () => {
      window.removeEventListener('click', afterClick, true);
      window.removeEventListener('pointerup', withoutClick, true);
      window.removeEventListener('pointercancel', afterClick, true);
      clearTimeout(timer);
    };
  }, [pressed]);

  const ref = useCallback(
    (el: HTMLElement | null) => {
      node.current = el;
      assignRef(targetRef, el);
    },
    [targetRef],
  );

  if (parts) return children(parts, cloneElement(target, { ref }), popup ? clicked : pointerInside.current);

  const { props } = target;
  const load = () => void loadFloating();
  return cloneElement(target, {
    ref,
    ...(popup ? { 'aria-haspopup': popup, 'aria-expanded': false } : {}),
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      pointerInside.current = true;
      props.onPointerEnter?.(event);
      load();
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      pointerInside.current = false;
      props.onPointerLeave?.(event);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      props.onFocus?.(event);
      load();
    },
    // Held down, the target stays plain until released (above), so its click reaches it.
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      props.onPointerDown?.(event);
      if (event.button === 0) setPressed(true);
      load();
    },
    onClick: (event: ReactMouseEvent<HTMLElement>) => {
      props.onClick?.(event);
      if (popup) setClicked(true);
      load();
    },
  } as TargetProps);
}
