import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router, useParams, useSearchParams } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { isCurrentPath, NavLink, Outlet, type RouteObject, useRoutes } from './router.tsx';

function Layout({ name }: { name: string }) {
  return (
    <section aria-label={name}>
      <Outlet />
    </section>
  );
}

function Page({ name }: { name: string }) {
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  return (
    <div>
      <p>page {name}</p>
      <p>params {JSON.stringify(params)}</p>
      <p>q={search.get('q') ?? ''}</p>
      <button
        type="button"
        onClick={() =>
          setSearch(
            (p) => {
              p.set('q', 'wine');
              return p;
            },
            { replace: true },
          )
        }
      >
        search
      </button>
    </div>
  );
}

const TABLE: RouteObject[] = [
  {
    element: <Layout name="root" />,
    handle: { title: 'Root' },
    children: [
      { index: true, element: <Page name="home" />, handle: { title: 'Home' } },
      {
        path: 'orders',
        element: <Layout name="orders" />,
        handle: { title: 'Orders', area: 'orders' },
        children: [
          { index: true, element: <Page name="orders-index" /> },
          { path: 'active', element: <Page name="active" />, handle: { title: 'Active' } },
          { path: 'view/:id', element: <Page name="view" />, handle: { title: 'Order' } },
          { path: '*', element: <Page name="orders-fallback" /> },
        ],
      },
      {
        // a pathless layout: adds a level, no path segment
        element: <Layout name="guard" />,
        children: [{ path: 'settings', element: <Page name="settings" />, handle: { title: 'Settings' } }],
      },
      { path: '*', element: <Page name="not-found" />, handle: { title: 'Not Found' } },
    ],
  },
];

function Table() {
  const { element, matches } = useRoutes(TABLE);
  return (
    <>
      <output aria-label="handles">{JSON.stringify(matches.map((r) => r.handle ?? null))}</output>
      {element}
    </>
  );
}

function renderAt(path: string) {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook}>
      <Table />
      <nav>
        <NavLink to="/orders" className="tab">
          Orders
        </NavLink>
        <NavLink to="/settings">Settings</NavLink>
      </nav>
    </Router>,
  );
  return memory;
}

const handles = () => JSON.parse(screen.getByLabelText('handles').textContent ?? '[]');

describe('route table over wouter', () => {
  it('renders nested layouts through outlets, with the handles of every matched level', () => {
    renderAt('/orders/active');
    const orders = screen.getByRole('region', { name: 'orders' });
    expect(screen.getByRole('region', { name: 'root' })).toContainElement(orders);
    expect(orders).toHaveTextContent('page active');
    expect(handles()).toEqual([{ title: 'Root' }, { title: 'Orders', area: 'orders' }, { title: 'Active' }]);
  });

  it('renders index routes at their parent path, the root one at /', () => {
    renderAt('/orders');
    expect(screen.getByText('page orders-index')).toBeInTheDocument();
    expect(handles()).toEqual([{ title: 'Root' }, { title: 'Orders', area: 'orders' }, null]);
  });

  it('renders the root index route at /', () => {
    renderAt('/');
    expect(screen.getByText('page home')).toBeInTheDocument();
  });

  it('falls back to the nearest `*` route: the nested one under its parent, else the root one', () => {
    renderAt('/orders/nothing/here');
    expect(screen.getByText('page orders-fallback')).toBeInTheDocument();
  });

  it('falls back to the root `*` route for unknown paths and under a parent without one', () => {
    renderAt('/nowhere');
    expect(screen.getByText('page not-found')).toBeInTheDocument();
    expect(handles()).toEqual([{ title: 'Root' }, { title: 'Not Found' }]);
  });

  it('passes a pathless layout through to its children', () => {
    renderAt('/settings');
    expect(screen.getByRole('region', { name: 'guard' })).toHaveTextContent('page settings');
    expect(handles()).toEqual([{ title: 'Root' }, null, { title: 'Settings' }]);
  });

  it('hands the params to useParams, matching case-insensitively and with a trailing slash', () => {
    renderAt('/Orders/view/ORD-42/');
    expect(screen.getByText('page view')).toBeInTheDocument();
    expect(screen.getByText(/^params/)).toHaveTextContent('"id":"ORD-42"');
  });

  it('re-renders on navigation and updates the search params in place', async () => {
    const memory = renderAt('/orders/active');
    act(() => memory.navigate('/orders/view/7'));
    expect(screen.getByText(/^params/)).toHaveTextContent('"id":"7"');
    await act(async () => screen.getByRole('button', { name: 'search' }).click());
    expect(screen.getByText('q=wine')).toBeInTheDocument();
    expect(memory.history.at(-1)).toBe('/orders/view/7?q=wine');
  });
});

describe('NavLink', () => {
  it('marks the link of the current section, keeps its class and adds `active`', () => {
    renderAt('/orders/view/1');
    const orders = screen.getByRole('link', { name: 'Orders' });
    expect(orders).toHaveAttribute('aria-current', 'page');
    expect(orders).toHaveAttribute('href', '/orders');
    expect(orders).toHaveClass('tab', 'active');
    expect(screen.getByRole('link', { name: 'Settings' })).not.toHaveAttribute('aria-current');
  });

  it('moves the mark when the location changes and a click navigates', async () => {
    const memory = renderAt('/orders/active');
    await act(async () => screen.getByRole('link', { name: 'Settings' }).click());
    expect(memory.history.at(-1)).toBe('/settings');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveClass('tab');
    expect(screen.getByRole('link', { name: 'Orders' })).not.toHaveClass('active');
  });

  it('counts a path as current at itself and below it, not at a sibling sharing its prefix', () => {
    expect(isCurrentPath('/orders', '/orders')).toBe(true);
    expect(isCurrentPath('/orders/active/', '/orders')).toBe(true);
    expect(isCurrentPath('/ORDERS/active', '/orders')).toBe(true);
    expect(isCurrentPath('/orders-archive', '/orders')).toBe(false);
    expect(isCurrentPath('/orders', '/')).toBe(false);
    expect(isCurrentPath('/', '/')).toBe(true);
  });
});
