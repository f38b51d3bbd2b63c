import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** An empty list: the illustration and 'Пока здесь пусто...'. */
export function EmptyState() {
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Box component="img" src="/empty.svg" alt="" sx={{ width: 220, maxWidth: '60%', opacity: 0.9 }} />
      <Typography sx={{ mt: 2, color: 'text.secondary' }}>Пока здесь пусто...</Typography>
    </Box>
  );
}
