/**
 * Mantine's floating layer: Popover, Menu and Tooltip, with floating-ui, Portal and the focus trap under
 * them; and ScrollArea, which imports floating-ui too (the first pages use it only inside popovers). Never imported statically by a first page: `lib/floating.ts` loads it on first use (the first
 * hover, focus or click of a target, docs/decisions/0150).
 */
export { Menu, Popover, ScrollArea, Tooltip } from '@mantine/core';
