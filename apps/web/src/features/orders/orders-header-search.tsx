import { ActionIcon, Group, Loader, TextInput } from '@mantine/core';
import type { OrderListItem } from '@mc/api';
import {
  MAX_LENGTH,
  MSG,
  orderViewPath,
  parseNameSearch,
  parseOrderSearch,
  SEARCH_RESULTS_MAX_HEIGHT_PX,
} from '@mc/domain';
import { IconSearch, IconX } from '@tabler/icons-react';
import { type FormEvent, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { DeferredFloating } from '../../components/deferred-floating.tsx';
import { loadFloating } from '../../lib/floating.ts';
import { lazyNamed } from '../../lib/lazy-named.ts';
import { useIsPhone } from '../../lib/media.ts';
import { notifyError } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { type SearchRequest, searchOrders } from './api/search-orders.ts';
import { newOrdersStore } from './hooks/new-orders-store.ts';
import { ORDER_SEARCH_ATTR } from './hooks/use-orders-shortcuts.ts';
import classes from './orders.module.css';

const loadResults = () => import('./components/search-results.tsx');
const SearchResults = lazyNamed(loadResults, 'SearchResults');
const preloadResults = () => void loadResults().catch(() => undefined);

/** Typing pauses this long before a search starts (Enter searches at once). */
export const SEARCH_DEBOUNCE_MS = 350;

type Kind = 'order' | 'name';

/** The request a box sends for its text, or null (empty: nothing happens). The order search rules are packages/domain search.ts. */
export function searchRequestFor(kind: Kind, text: string): SearchRequest | null {
  if (kind === 'order') return parseOrderSearch(text);
  const name = parseNameSearch(text);
  return name ? { kind: 'name', value: name } : null;
}

function SearchBox({ kind, label, autoFocus }: { kind: Kind; label: string; autoFocus?: boolean }) {
  const { merchantKey } = useSession();
  const [, navigate] = useLocation();
  const listId = useId();
  const [text, setText] = useState('');
  const [results, setResults] = useState<OrderListItem[] | null>(null);
  const [timezone, setTimezone] = useState<string | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState(false);
  const [searched, setSearched] = useState<SearchRequest | null>(null);
  const controller = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The results' popover loads with the first focus of the box (components/deferred-floating.tsx); a
  // search started otherwise (nothing yet) loads it when it opens.
  useEffect(() => {
    if (open) void loadFloating();
  }, [open]);
  useEffect(
    () => () => {
      controller.current?.abort();
      clearTimeout(timer.current);
    },
    [],
  );

  const run = async (value: string) => {
    clearTimeout(timer.current);
    const req = searchRequestFor(kind, value);
    if (!req || !merchantKey) return;
    // A new search cancels the previous one.
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    setLoading(true);
    setOpen(true);
    try {
      const found = await searchOrders(merchantKey, req, ac.signal);
      if (ac.signal.aborted) return;
      setResults(found.items);
      setTimezone(found.timezone);
      setSearched(req);
    } catch (e) {
      if (ac.signal.aborted || (e instanceof DOMException && e.name === 'AbortError')) return;
      setResults(null);
      setOpen(false);
      notifyError(e);
    } finally {
      if (controller.current === ac) setLoading(false);
    }
  };

  const handleChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    if (!searchRequestFor(kind, value)) {
      controller.current?.abort();
      setLoading(false);
      setResults(null);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => void run(value), SEARCH_DEBOUNCE_MS);
  };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(text);
  };

  const choose = (o: OrderListItem) => {
    setOpen(false);
    newOrdersStore.open(o.id);
    navigate(orderViewPath(o.id));
  };

  const noResults = kind === 'name' ? MSG.SEARCH_NO_RESULTS_NAME : MSG.SEARCH_NO_RESULTS;
  const showHint = kind === 'order' && (searched?.kind ?? 'order_id') === 'order_id';

  return (
    <form onSubmit={handleSubmit} style={{ flex: 1, minWidth: 0 }}>
      <DeferredFloating
        target={
          <TextInput
            aria-label={label}
            // opening the phone's search is asking to type: the order number box takes the cursor
            autoFocus={autoFocus}
            maxLength={MAX_LENGTH.search}
            placeholder={label}
            size="sm"
            value={text}
            onChange={(e) => handleChange(e.currentTarget.value)}
            onFocus={() => {
              // The results' code loads with the popover's, on the box's first focus.
              preloadResults();
              if (results) setOpen(true);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setOpen(false);
            }}
            title={kind === 'order' ? MSG.ORDER_ID_HINT : undefined}
            leftSection={loading ? <Loader size={14} /> : <IconSearch size={14} aria-hidden="true" />}
            aria-controls={open ? listId : undefined}
            autoComplete="off"
            // `/` puts the cursor in the order-number box (decision 0104)
            {...(kind === 'order' ? { [ORDER_SEARCH_ATTR]: true, 'aria-keyshortcuts': '/' } : {})}
          />
        }
      >
        {({ Popover, ScrollArea }, target) => (
          <Popover
            opened={open}
            onChange={setOpen}
            position="bottom-start"
            width={360}
            shadow="md"
            withinPortal
            trapFocus={false}
            returnFocus={false}
            // A text input may not carry aria-expanded/aria-haspopup (axe: aria-allowed-attr); the results
            // list is tied to the input by aria-controls instead.
            withRoles={false}
          >
            <Popover.Target>{target}</Popover.Target>
            <Popover.Dropdown p={4}>
              <ScrollArea.Autosize
                mah={SEARCH_RESULTS_MAX_HEIGHT_PX}
                type="auto"
                id={listId}
                data-testid={`search-results-${kind}`}
              >
                <Suspense fallback={null}>
                  <SearchResults
                    label={label}
                    loading={loading}
                    results={results}
                    timezone={timezone}
                    noResults={noResults}
                    showHint={showHint}
                    onChoose={choose}
                  />
                </Suspense>
              </ScrollArea.Autosize>
            </Popover.Dropdown>
          </Popover>
        )}
      </DeferredFloating>
    </form>
  );
}

/**
 * The two header search boxes of the orders pages, in the shell's header slot. On a phone they wait behind
 * one search button in the header row, so the orders come first (docs/decisions/0133); the button opens
 * them in a row under the header, the order number box ready for typing.
 */
export function OrdersHeaderSearch() {
  const phone = useIsPhone();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // Choosing a result opens its order: the search row closes with the page it was opened on.
  const [pathname] = useLocation();
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }
  const boxes = (
    <Group gap="xs" wrap="nowrap" style={{ width: '100%' }}>
      <SearchBox kind="order" label="Order #" autoFocus={phone} />
      <SearchBox kind="name" label="Customer Name" />
    </Group>
  );
  if (!phone) return boxes;
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="white"
        size="lg"
        aria-label={open ? 'Close search' : 'Search orders'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        {open ? <IconX size={20} aria-hidden="true" /> : <IconSearch size={20} aria-hidden="true" />}
      </ActionIcon>
      {open ? (
        <search
          id={panelId}
          aria-label="Search orders"
          className={classes.phoneSearch}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && !e.defaultPrevented) setOpen(false);
          }}
        >
          {boxes}
        </search>
      ) : null}
    </>
  );
}
