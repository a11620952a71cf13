/**
 * The background of a Mantine badge drawn as a plain span (the orders list's rows, orders.module.css):
 * light, the colour's tint; filled, the named shade ('orange.4') or the colour's filled shade ('teal').
 */
export function badgeBackground(color: string, variant: 'light' | 'filled'): string {
  const [name, shade] = color.split('.');
  return variant === 'filled' && shade !== undefined
    ? `var(--mantine-color-${name}-${shade})`
    : `var(--mantine-color-${name}-${variant})`;
}
