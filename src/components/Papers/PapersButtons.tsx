// 'Сформировать УПД' for the chosen reserves of one buyer: on the reserve card and in the reserves list's bulk bar.
// Disabled with the reason when the choice makes none (buyers differ, a reserve not completed); the server's
// refusal shown in Russian; a document made opens its card. Hidden from a role that reads no papers (role 8, a
// supplier's user).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { canReadUpd } from '../../../domain/upd/access';
import { papersChoice, PAPERS_TEXTS, type ChosenReserve } from '../../../domain/papers/choice';
import { usePermissionsQuery } from '../../api/session';
import { useMakeUpdMutation } from '../../api/papers';
import { errorMessage } from '../../api/errors';
import { Alert } from '../Alert';

export interface PapersButtonsProps {
  /** The chosen reserves the screen holds, judged before asking (the card's one, the list page's rows). */
  reserves: readonly ChosenReserve[];
  /** Every chosen reserve's id (a row chosen on another page too); the judged ones' by default. */
  ids?: readonly number[];
}

export function PapersButtons({ reserves, ids = reserves.map((r) => r.id) }: PapersButtonsProps) {
  const { data: perms } = usePermissionsQuery();
  const navigate = useNavigate();
  const [makeUpd, upd] = useMakeUpdMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!canReadUpd(perms) || ids.length === 0) return null;
  const why = papersChoice(reserves);
  const make = async () => {
    setRefusal(null);
    try {
      const made = await makeUpd([...ids]).unwrap();
      navigate(`/upd/${made.id}`);
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        startIcon={<DescriptionOutlined />}
        disabled={why.upd !== null || upd.isLoading}
        onClick={() => void make()}
      >
        {PAPERS_TEXTS.makeUpd}
      </Button>
      {why.upd && (
        <Typography variant="caption" color="text.secondary">
          {why.upd}
        </Typography>
      )}
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
