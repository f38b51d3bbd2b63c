import type { CSSProperties } from 'react';

// The seven badge styles of spec point 2 (cancelled reserves share the deactivated look).
const COLOURS: Record<string, { bg: string; fg: string }> = {
  active: { bg: '#e6f2d9', fg: '#35551a' },
  inactive: { bg: '#eeeeee', fg: '#555555' },
  deactivated: { bg: '#f3ece0', fg: '#7a5a2b' },
  confirmed: { bg: '#e0ecf7', fg: '#24527a' },
  archived: { bg: '#ebe7f3', fg: '#4e3f75' },
  deleted: { bg: '#f8e1e1', fg: '#8a2a2a' },
  completed: { bg: '#dcefe9', fg: '#1f5e4b' },
  cancelled: { bg: '#f3ece0', fg: '#7a5a2b' },
};

// inline styles computed once per status: a list page shows one badge per row
const STYLES: Record<string, CSSProperties> = Object.fromEntries(
  Object.entries(COLOURS).map(([status, { bg, fg }]) => [
    status,
    {
      display: 'inline-block',
      padding: '2px 8px',
      borderRadius: 4,
      fontSize: 13,
      fontWeight: 500,
      lineHeight: 1.5,
      background: bg,
      color: fg,
      whiteSpace: 'nowrap',
    },
  ]),
);

/** A status with its section's one title (domain/sections.ts). */
export function StatusBadge({ status, title }: { status: string; title: string }) {
  return (
    <span data-status={status} style={STYLES[status] ?? STYLES.inactive}>
      {title}
    </span>
  );
}
