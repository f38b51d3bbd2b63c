// 'Выставить счёт' and 'Сформировать УПД' for the chosen reserves of one buyer: on the reserve card and in the
// reserves list's bulk bar. Each is disabled with the reason when the choice makes no such paper (buyers differ, a
// reserve not completed for a УПД); the server's refusal shown in Russian; a paper made opens its card. Hidden from
// a role that reads no papers (role 8, a supplier's user).
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import { canReadPapers } from '../../../domain/papers/access';
import { papersChoice, PAPERS_TEXTS, type ChosenReserve, type PaperKind } from '../../../domain/papers/choice';
import { usePermissionsQuery } from '../../api/session';
import { useMakeInvoiceMutation, useMakeUpdMutation } from '../../api/papers';
import { errorMessage } from '../../api/errors';
import { Alert } from '../Alert';

export interface PapersButtonsProps {
  /** The chosen reserves the screen holds, judged before asking (the card's one, the list page's rows). */
  reserves: readonly ChosenReserve[];
  /** Every chosen reserve's id (a row chosen on another page too); the judged ones' by default. */
  ids?: readonly number[];
  /** The papers offered: both by default; the card of an active reserve offers the invoice alone. */
  kinds?: readonly PaperKind[];
}

const PAPERS: Record<PaperKind, { title: string; path: string; icon: ReactNode }> = {
  invoice: { title: PAPERS_TEXTS.makeInvoice, path: '/invoices', icon: <ReceiptOutlined /> },
  upd: { title: PAPERS_TEXTS.makeUpd, path: '/upd', icon: <DescriptionOutlined /> },
};

export function PapersButtons({
  reserves,
  ids = reserves.map((r) => r.id),
  kinds = ['invoice', 'upd'],
}: PapersButtonsProps) {
  const { data: perms } = usePermissionsQuery();
  const navigate = useNavigate();
  const [makeInvoice, invoice] = useMakeInvoiceMutation();
  const [makeUpd, upd] = useMakeUpdMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!canReadPapers(perms) || ids.length === 0) return null;
  const why = papersChoice(reserves);
  const busy = invoice.isLoading || upd.isLoading;
  const make = async (kind: PaperKind) => {
    setRefusal(null);
    try {
      const made = await (kind === 'invoice' ? makeInvoice : makeUpd)([...ids]).unwrap();
      navigate(`${PAPERS[kind].path}/${made.id}`);
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };
  // one reason said once where both papers share it (buyers differ)
  const reasons = [...new Set(kinds.map((kind) => why[kind]).filter((text): text is string => text !== null))];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {kinds.map((kind) => (
        <Button
          key={kind}
          variant="outlined"
          startIcon={PAPERS[kind].icon}
          disabled={why[kind] !== null || busy}
          onClick={() => void make(kind)}
        >
          {PAPERS[kind].title}
        </Button>
      ))}
      {reasons.map((text) => (
        <Typography key={text} variant="caption" color="text.secondary">
          {text}
        </Typography>
      ))}
      {refusal && (
        <Box sx={{ flexBasis: '100%' }}>
          <Alert severity="error" onClose={() => setRefusal(null)}>
            {refusal}
          </Alert>
        </Box>
      )}
    </Box>
  );
}
