import { Group, Text } from '@mantine/core';
import { useId } from 'react';
import { siteName } from '../lib/brand.ts';

export interface BrandMarkProps {
  size?: number;
}

/** The product mark: a wine glass on a rounded square. Decorative (the text next to it names it). */
export function BrandMark({ size = 32 }: BrandMarkProps) {
  // One gradient id per instance: a shared id would resolve to the first copy, which may be hidden.
  const gradientId = `mc-mark-${useId().replace(/:/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#d2567e" />
          <stop offset="1" stopColor="#90254b" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path
        d="M11 7h10l-.9 6.6A4.2 4.2 0 0 1 17 17.3V23h3v2h-8v-2h3v-5.7a4.2 4.2 0 0 1-3.1-3.7z"
        fill="#fff"
      />
      <path d="M11.6 11h8.8l-.3 2.4a3.1 3.1 0 0 1-6.2 0z" fill="#f6dde5" />
    </svg>
  );
}

export interface BrandLogoProps {
  /** Text next to the mark (defaults to the product name). */
  label?: string;
  tone?: 'light' | 'dark';
  size?: 'sm' | 'md' | 'lg';
}

export function BrandLogo({ label = siteName(), tone = 'dark', size = 'md' }: BrandLogoProps) {
  const mark = size === 'lg' ? 40 : size === 'sm' ? 26 : 32;
  const fz = size === 'lg' ? 22 : size === 'sm' ? 15 : 18;
  return (
    <Group gap={10} wrap="nowrap">
      <BrandMark size={mark} />
      <Text
        component="span"
        fw={700}
        fz={fz}
        lh={1.1}
        c={tone === 'light' ? 'white' : 'dark.8'}
        style={{
          letterSpacing: '-0.01em',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {label}
      </Text>
    </Group>
  );
}
