/** Events pushed to the analytics data layer, optionally filtered by name. */
export function analyticsEvents(name?: string): Record<string, unknown>[] {
  const layer = Array.isArray(window.dataLayer) ? window.dataLayer : [];
  return name ? layer.filter((e) => e.event === name) : layer;
}
