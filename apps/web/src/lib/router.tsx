/**
 * The little the console needs on top of wouter (docs/decisions/0155): a route table as data with nested
 * layouts, index routes and `*` fallbacks, rendered through outlets, and a `NavLink` that marks the
 * current section. Matching is wouter's own (`matchRoute` with the router's parser, regexparam: case-
 * insensitive, an optional trailing slash); params reach `useParams` through wouter's `<Route>`; location,
 * navigation, links, redirects and search params are wouter's and imported from 'wouter' directly.
 */
import { type ComponentPropsWithoutRef, createContext, type ReactNode, useContext, useMemo } from 'react';
import { Link, matchRoute, Route, useLocation, useRouter, useSearch } from 'wouter';

/** One entry of the route table: a path (relative to its parent), an index route, or a pathless layout. */
export interface RouteObject {
  /** Relative to the parent's path; `*` matches any rest. Absent: a layout that adds no path segment. */
  path?: string;
  /** Matches exactly its parent's path. */
  index?: boolean;
  /** Absent: the matched child alone (an `<Outlet />`). */
  element?: ReactNode;
  /** Anything the shell reads of the matched routes (titles, header slots). */
  handle?: unknown;
  children?: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject;
  /** The full pattern of the deepest matched route, e.g. `/orders/view/:id`. */
  pattern: string;
}

type Parser = ReturnType<typeof useRouter>['parser'];

const join = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;

/**
 * The routes matched at `pathname`, outermost first, and the full pattern of the deepest, or null: depth
 * first, in table order; a parent only when one of its children matches or, having no index child, when
 * its own path matches exactly.
 */
function findMatch(
  routes: RouteObject[],
  pathname: string,
  parser: Parser,
  base: string,
): { chain: RouteObject[]; pattern: string } | null {
  for (const route of routes) {
    const full = route.path === undefined ? base : join(base, route.path);
    if (route.children) {
      const inner = findMatch(route.children, pathname, parser, full);
      if (inner) return { chain: [route, ...inner.chain], pattern: inner.pattern };
    }
    const leaf = route.index || (route.path !== undefined && !route.children?.some((c) => c.index));
    if (leaf && matchRoute(parser, full, pathname)[0]) return { chain: [route], pattern: full };
  }
  return null;
}

const OutletContext = createContext<ReactNode>(null);

/** Where a layout route renders its matched child. */
export function Outlet() {
  return useContext(OutletContext);
}

/**
 * A number that changes with every location the route table renders at. Redirects are keyed on it so
 * that one mounts afresh (and navigates) on each visit, even when React kept the previous instance.
 */
const LocationKeyContext = createContext(0);
export const useLocationKey = () => useContext(LocationKeyContext);
let locationKeys = 0;

/**
 * Renders `routes` at the current location: each matched level's element with the next level as its
 * `<Outlet />`, the params of the deepest route for `useParams`. Returns the element and the matched
 * routes (outermost first; empty when nothing matches).
 */
export function useRoutes(routes: RouteObject[]): { element: ReactNode; matches: readonly RouteObject[] } {
  const { parser } = useRouter();
  const [pathname] = useLocation();
  const search = useSearch();
  const found = useMemo(() => findMatch(routes, pathname, parser, '/'), [routes, pathname, parser]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key for each location, on purpose
  const key = useMemo(() => ++locationKeys, [pathname, search]);
  const element = useMemo(() => {
    if (!found) return null;
    let outlet: ReactNode = null;
    for (let i = found.chain.length - 1; i >= 0; i--) {
      const route = found.chain[i] as RouteObject;
      outlet = <OutletContext.Provider value={outlet}>{route.element ?? <Outlet />}</OutletContext.Provider>;
    }
    return (
      <LocationKeyContext.Provider value={key}>
        <Route path={found.pattern}>{outlet}</Route>
      </LocationKeyContext.Provider>
    );
  }, [found, key]);
  return { element, matches: found?.chain ?? [] };
}

/** True when `pathname` is `to` or below it (`/orders` is current at `/orders/view/1`), ignoring case. */
export function isCurrentPath(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase().replace(/(.)\/+$/, '$1');
  return path === target || (target !== '/' && path.startsWith(`${target}/`));
}

type NavLinkProps = Omit<ComponentPropsWithoutRef<'a'>, 'href'> & { to: string; replace?: boolean };

/**
 * wouter's `Link` that marks the current section: `aria-current="page"` (what the styles and screen
 * readers read) and an `active` class, while the location is at `to` or below it.
 */
export function NavLink({ to, className, ...props }: NavLinkProps) {
  const [pathname] = useLocation();
  const current = isCurrentPath(pathname, to);
  return (
    <Link
      {...props}
      to={to}
      className={[className, current ? 'active' : null].filter(Boolean).join(' ') || undefined}
      aria-current={current ? 'page' : undefined}
    />
  );
}
