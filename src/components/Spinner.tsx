// The spinner of spec point 2: eight dots on a ring, the bright one advancing every 120 ms.
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { UI } from '../../domain/messages';

export const SPINNER_DOTS = 8;
export const SPINNER_STEP_MS = 120;

export function Spinner({ size = 32, label = UI.loading }: { size?: number; label?: string }) {
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setActive((i) => (i + 1) % SPINNER_DOTS), SPINNER_STEP_MS);
    return () => clearInterval(timer);
  }, []);
  const dot = size / 5;
  const radius = size / 2 - dot / 2;
  return (
    <Box
      role="progressbar"
      aria-label={label}
      data-active-dot={active}
      sx={{ position: 'relative', width: size, height: size }}
    >
      {Array.from({ length: SPINNER_DOTS }, (_, i) => {
        const angle = (i / SPINNER_DOTS) * 2 * Math.PI;
        return (
          <Box
            key={i}
            data-dot={i}
            sx={{
              position: 'absolute',
              width: dot,
              height: dot,
              borderRadius: '50%',
              left: size / 2 - dot / 2 + radius * Math.sin(angle),
              top: size / 2 - dot / 2 - radius * Math.cos(angle),
              bgcolor: 'primary.main',
              opacity: i === active ? 1 : 0.25,
              transition: 'opacity 80ms linear',
            }}
          />
        );
      })}
    </Box>
  );
}

/** A spinner centred in the space it is given: page and section loading. */
export function PageSpinner() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240 }}>
      <Spinner />
    </Box>
  );
}
