import Box from '@mui/material/Box';

// The seven badge styles of spec point 2 (cancelled reserves share the deactivated look).
const STYLES: Record<string, { bg: string; fg: string }> = {
  active: { bg: '#e6f2d9', fg: '#35551a' },
  inactive: { bg: '#eeeeee', fg: '#555555' },
  deactivated: { bg: '#f3ece0', fg: '#7a5a2b' },
  confirmed: { bg: '#e0ecf7', fg: '#24527a' },
  archived: { bg: '#ebe7f3', fg: '#4e3f75' },
  deleted: { bg: '#f8e1e1', fg: '#8a2a2a' },
  completed: { bg: '#dcefe9', fg: '#1f5e4b' },
  cancelled: { bg: '#f3ece0', fg: '#7a5a2b' },
};

/** A status with its section's one title (domain/sections.ts). */
export function StatusBadge({ status, title }: { status: string; title: string }) {
  const style = STYLES[status] ?? STYLES.inactive;
  return (
    <Box
      component="span"
      data-status={status}
      sx={{ display: 'inline-block', px: 1, py: 0.25, borderRadius: 1, fontSize: 13, fontWeight: 500, bgcolor: style.bg, color: style.fg, whiteSpace: 'nowrap' }}
    >
      {title}
    </Box>
  );
}
