import { createHash } from 'node:crypto';
import { type AddressLike, formatAddressLine, mapsDirectionsUrl, STATIC_MAP, staticMapUrl } from '@mc/domain';
import { createHttpClient } from '../http.ts';
import { Canvas } from './png.ts';

export interface MapImage {
  contentType: string;
  body: Buffer;
}

/**
 * Maps: the static map image of a delivery address (640x480, zoom 16, one marker) and the
 * directions link. The image is fetched server-side, so a maps key never reaches the browser.
 */
export interface MapsAdapter {
  readonly kind: 'google' | 'sandbox';
  staticMap(address: AddressLike): Promise<MapImage>;
  directionsUrl(address: AddressLike): string;
}

const GOOGLE_MAPS = 'https://maps.googleapis.com';

/** Google Static Maps with MAPS_API_KEY, at MAPS_API_BASE (a read: retried on 429/5xx within the budget). */
export function googleMaps(apiKey: string, opts: { apiBase?: string; timeoutMs?: number } = {}): MapsAdapter {
  const http = createHttpClient({
    name: 'Google Maps',
    baseUrl: opts.apiBase ?? GOOGLE_MAPS,
    timeoutMs: opts.timeoutMs,
  });
  return {
    kind: 'google',
    async staticMap(address) {
      const path = staticMapUrl(address, apiKey).slice(GOOGLE_MAPS.length);
      const res = await http.request({ method: 'GET', path });
      if (!res.ok) throw new Error(`static map: HTTP ${res.status}`);
      return { contentType: res.headers.get('content-type') ?? 'image/png', body: res.bytes };
    },
    directionsUrl: mapsDirectionsUrl,
  };
}

const LAND: [number, number, number] = [236, 234, 226];
const BLOCK: [number, number, number] = [226, 223, 212];
const PARK: [number, number, number] = [200, 228, 190];
const WATER: [number, number, number] = [170, 208, 235];
const STREET: [number, number, number] = [255, 255, 255];
const AVENUE: [number, number, number] = [252, 226, 150];
const MARKER: [number, number, number] = [220, 53, 45];
const MARKER_DARK: [number, number, number] = [150, 30, 25];

/**
 * Offline maps: a street-grid picture drawn locally (deterministic per address) with the marker in the
 * centre, at the spec's size. The directions link is the same as the real one.
 */
export function sandboxMaps(): MapsAdapter {
  return {
    kind: 'sandbox',
    async staticMap(address) {
      return { contentType: 'image/png', body: renderSandboxMap(formatAddressLine(address)) };
    },
    directionsUrl: mapsDirectionsUrl,
  };
}

export function renderSandboxMap(seedText: string): Buffer {
  const { width, height, zoom } = STATIC_MAP;
  const h = createHash('sha256').update(seedText).digest();
  const byte = (i: number) => h[i % h.length] ?? 0;
  const c = new Canvas(width, height, LAND);
  const step = 40 + (zoom - 16) * 10 + (byte(0) % 24);
  const ox = byte(1) % step;
  const oy = byte(2) % step;
  // blocks, some of them parks
  for (let y = oy - step; y < height; y += step) {
    for (let x = ox - step; x < width; x += step) {
      const k = byte(Math.abs(x * 7 + y * 13));
      c.fillRect(x + 6, y + 6, step - 12, step - 12, k % 11 === 0 ? PARK : BLOCK);
    }
  }
  // a river along one side
  if (byte(3) % 2 === 0) c.fillRect(0, height - 46 - (byte(4) % 30), width, 80, WATER);
  // streets and two avenues
  for (let x = ox; x < width; x += step) c.line(x, 0, x, height, 8, STREET);
  for (let y = oy; y < height; y += step) c.line(0, y, width, y, 8, STREET);
  const ax = ox + step * (1 + (byte(5) % 4));
  const ay = oy + step * (1 + (byte(6) % 3));
  c.line(ax, 0, ax, height, 14, AVENUE);
  c.line(0, ay, width, ay, 14, AVENUE);
  // the marker: a pin whose point is the centre
  const cx = width / 2;
  const cy = height / 2;
  for (let i = 0; i < 18; i++) c.fillRect(cx - (18 - i) / 2, cy - 20 + i, 18 - i, 1, MARKER_DARK);
  c.fillCircle(cx, cy - 30, 14, MARKER_DARK);
  c.fillCircle(cx, cy - 30, 12, MARKER);
  c.fillCircle(cx, cy - 30, 5, MARKER_DARK);
  return c.toPng();
}
