import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { navigateTo } from '../lib/navigation.ts';

export interface RouteLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link to a page of the console that needs no router: a plain click goes through `navigateTo`
 * (the router's navigate once the app has registered it; on the sign-in page without the router, the
 * full console takes over: docs/decisions/0150); a click with a modifier key, another button or a target
 * keeps the browser's own behaviour.
 */
export function RouteLink({ to, onClick, ref, ...rest }: RouteLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey ||
      (rest.target && rest.target !== '_self')
    )
      return;
    event.preventDefault();
    navigateTo(to);
  };
  return <a ref={ref} href={to} {...rest} onClick={handleClick} />;
}
