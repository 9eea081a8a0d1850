import { useId } from 'react';

/**
 * The brand mark: a drop over a wave, in the ocean palette. Each mark has its own gradient id: a second mark that
 * pointed at the first one's gradient drew nothing where the first was hidden (the host's printed report).
 */
export function Logo({ size = 32 }: { size?: number }) {
  // An id as url(#...) reads it, whatever characters React puts in its own.
  const gradient = `logo-bg-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#06b6d4" />
          <stop offset="1" stopColor="#155e75" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="14" fill={`url(#${gradient})`} />
      <path d="M24 9s10 11 10 18.2A10 10 0 0 1 14 27.2C14 20 24 9 24 9Z" fill="#ecfeff" />
      <path d="M15.5 30.5c3 2 5.5-1.6 8.5 0s5.5 2 8.5 0" stroke="#0891b2" strokeWidth="2.4" fill="none" strokeLinecap="round" />
    </svg>
  );
}
