// A lot's landed cost per kg as a waterfall: each kind's step (goods → freight → duty → broker → …) as a bar that
// starts where the kinds before it end, its ₽/kg beside it, then the total; and, where the actual lines moved it,
// the estimate and the move per kg. Drawn on the shipment card for each lot and on the offer card for its lot.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { WATERFALL_TEXTS, movedFromEstimate, waterfallSteps } from '../../domain/shipments/waterfall';
import type { Breakdown } from '../../domain/shipments/costLines';

export interface LandedWaterfallProps {
  landed_kg_cost: string;
  estimate_kg_cost?: string;
  difference_kg?: string;
  breakdown: Partial<Breakdown>;
  /** The list's accessible name ('Себестоимость за кг: лот № 12'). */
  label?: string;
}

const pct = (part: number, whole: number) => `${whole > 0 ? (part / whole) * 100 : 0}%`;

export function LandedWaterfall({
  landed_kg_cost,
  estimate_kg_cost,
  difference_kg,
  breakdown,
  label,
}: LandedWaterfallProps) {
  const steps = waterfallSteps(breakdown);
  const total = Number(landed_kg_cost);
  const moved = movedFromEstimate(difference_kg);
  return (
    <Box>
      <Box component="ul" aria-label={label ?? WATERFALL_TEXTS.title} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {steps.map((step) => (
          <Box
            component="li"
            key={step.kind}
            sx={{ display: 'grid', gridTemplateColumns: '200px 1fr 120px', gap: 1, alignItems: 'center', py: 0.25 }}
          >
            <Typography variant="body2">{step.title}</Typography>
            <Box sx={{ position: 'relative', height: 14, bgcolor: 'action.hover', borderRadius: 0.5 }}>
              <Box
                aria-hidden
                sx={{
                  position: 'absolute',
                  top: 0,
                  bottom: 0,
                  left: pct(step.start, total),
                  width: pct(step.value, total),
                  minWidth: 2,
                  bgcolor: step.kind === 'goods' ? 'primary.main' : 'secondary.main',
                  borderRadius: 0.5,
                }}
              />
            </Box>
            <Typography variant="body2" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              {WATERFALL_TEXTS.perKg(String(step.value))}
            </Typography>
          </Box>
        ))}
        <Box
          component="li"
          sx={{
            display: 'grid',
            gridTemplateColumns: '200px 1fr 120px',
            gap: 1,
            pt: 0.5,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {WATERFALL_TEXTS.total}
          </Typography>
          <span />
          <Typography variant="body2" sx={{ textAlign: 'right', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {WATERFALL_TEXTS.perKg(landed_kg_cost)}
          </Typography>
        </Box>
      </Box>
      {moved && estimate_kg_cost !== undefined && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {`${WATERFALL_TEXTS.estimate}: ${WATERFALL_TEXTS.perKg(estimate_kg_cost)}, `}
          <Box
            component="span"
            sx={{ color: Number(difference_kg) > 0 ? 'error.main' : 'success.main', fontWeight: 600 }}
          >
            {WATERFALL_TEXTS.difference(difference_kg!)}
          </Box>
        </Typography>
      )}
    </Box>
  );
}
