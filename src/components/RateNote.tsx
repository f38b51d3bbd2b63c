// The line under a list of prices that says which Bank's rate its rubles are worked out at
// (domain/priceList/rateNote.ts); nothing when no price follows a rate.
import Typography from '@mui/material/Typography';

export function RateNote({ note }: { note: string | null | undefined }) {
  if (!note) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ my: 1 }} data-field="rate_note">
      {note}
    </Typography>
  );
}
