import type { ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';

/** A collapsible block of a card; every block starts open (spec point 2). */
export function InfoBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Accordion defaultExpanded disableGutters variant="outlined" sx={{ mb: 2, '&:before': { display: 'none' } }}>
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Typography variant="h2" component="h2">
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 2 }}>
        {children}
      </AccordionDetails>
    </Accordion>
  );
}
