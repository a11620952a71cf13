import type { ChangeEvent } from 'react';
import classes from './plain-switch.module.css';

/**
 * A switch with Mantine's `Switch size="xs"` look as one label, a native checkbox with the switch role and
 * two spans: for the orders page's alert switches, which show at first paint, where Mantine's Switch and
 * the inline-input wrapper under it cost ~1.4 KB gzip (docs/decisions/0158). Other pages use Mantine's.
 */
export function PlainSwitch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <label className={classes.root}>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        className={classes.input}
        checked={checked}
        onChange={onChange}
      />
      <span className={classes.track} aria-hidden="true" />
      <span className={classes.label}>{label}</span>
    </label>
  );
}
