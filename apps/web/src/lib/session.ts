/**
 * The browser session: login token and merchant key (`tmk`), kept in localStorage and mirrored in
 * cookies (the product keeps both the bearer token and the merchant key in cookies too).
 * Components read it through `useSession()` so guards re-render when it changes (login, 401, logout).
 */
import { useSyncExternalStore } from 'react';

const TOKEN_KEY = 'token';
const MERCHANT_KEY = 'tmk';

export interface Session {
  token: string | null;
  merchantKey: string | null;
}

const listeners = new Set<() => void>();
let snapshot: Session = read();

function safeGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function read(): Session {
  if (typeof window === 'undefined') return { token: null, merchantKey: null };
  return { token: safeGet(TOKEN_KEY) || null, merchantKey: safeGet(MERCHANT_KEY) || null };
}

function emit(): void {
  const next = read();
  if (next.token === snapshot.token && next.merchantKey === snapshot.merchantKey) return;
  snapshot = next;
  for (const l of listeners) l();
}

function setCookie(name: string, value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: synchronous and supported everywhere (CookieStore is not)
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${secure}`;
}

function expireCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie
  document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}

export function getSession(): Session {
  return snapshot;
}

export function getToken(): string | null {
  return snapshot.token;
}

/** Stores the token and, when given, the merchant key. */
export function saveSession(token: string, merchantKey?: string | null): void {
  window.localStorage.setItem(TOKEN_KEY, token);
  setCookie(TOKEN_KEY, token);
  if (merchantKey) {
    window.localStorage.setItem(MERCHANT_KEY, merchantKey);
    setCookie(MERCHANT_KEY, merchantKey);
  }
  emit();
}

/** Clears ALL local storage and every cookie readable by the page (401 and logout). */
export function clearSession(): void {
  try {
    window.localStorage.clear();
  } catch {
    // storage disabled: nothing to clear
  }
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) expireCookie(name);
  }
  emit();
}

/** The user id: the token's subject. Null when there is no readable token. */
export function getUserId(token: string | null = snapshot.token): string | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === TOKEN_KEY || e.key === MERCHANT_KEY) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** Test hook: re-reads storage (tests write localStorage directly). */
export function refreshSession(): void {
  emit();
}
