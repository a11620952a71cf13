import { Progress } from '@mantine/core';

/** A running batch's progress bar (the recent batches panel loads it when a batch runs). */
export function BatchProgress({ value, label }: { value: number; label: string }) {
  return <Progress value={value} animated size="sm" aria-label={label} />;
}
