// One paper's page (an invoice's, a УПД's), what both share: 'К списку', the title with its status, the paper's own
// actions and 'Отменить' (asked once more; the number and the lines stay, it is never edited in place), the
// refusal said, the facts block (buyer, the paper's own facts, who made and who cancelled it), the paper's own body
// (lines, totals, payments) and its history. A cancel here, or one heard live, shows the newer version.
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDate, formatDateTime } from '../../../domain/format';
import { PAPER_LIST_TEXTS } from '../../../domain/papers/screens';
import { errorMessage } from '../../api/errors';
import { Alert } from '../Alert';
import { PageSpinner } from '../Spinner';
import { CancelPaperDialog, type CancelPaperDialogProps } from './CancelPaperDialog';
import { PaperHistory, type PaperHistoryTexts, type UsePaperHistory } from './PaperHistory';
import { useDownload } from './useDownload';

/** What every paper has, as its card answers it. */
export interface PaperBase {
  id: number;
  number: number;
  date: string;
  buyer_id: number;
  buyer_name: string;
  status: 'active' | 'cancelled';
  version: number;
  created_at: string;
  cancelled_at: string | null;
  created_by_name: string | null;
  cancelled_by_name: string | null;
}

export type PaperCardTexts = CancelPaperDialogProps['texts'] &
  PaperHistoryTexts & {
    title: (number: number | string, date: string) => string;
    back: string;
    buyer: string;
    made: (who: string, at: string) => string;
    cancelledBy: (who: string, at: string) => string;
    cancel: string;
  };

/** What the paper's own parts are handed: a file to download, a refusal to say. */
export interface PaperTools {
  download: (url: string, name: string) => void;
  fail: (error: unknown) => void;
}

export interface PaperCardPageProps<P extends PaperBase> {
  texts: PaperCardTexts;
  /** The list 'К списку' opens. */
  listPath: string;
  card: { data?: P; error?: unknown; isLoading: boolean };
  cancel: (arg: { id: number; version: number }) => { unwrap(): Promise<P> };
  cancelling: boolean;
  useHistory: UsePaperHistory;
  chip: (paper: P) => { label: string; color: ChipProps['color'] };
  /** The paper's own buttons before 'Отменить' (its files). */
  actions: (paper: P, tools: PaperTools) => ReactNode;
  /** What a cancelled paper offers instead of 'Отменить' ('Сформировать заново'). */
  cancelledAction?: (paper: P, tools: PaperTools) => ReactNode;
  /** The paper's own facts in the facts block, under its buyer. */
  facts: (paper: P) => ReactNode;
  /** The paper's own body under the facts: its lines, totals, payments. */
  children: (paper: P) => ReactNode;
}

export function PaperCardPage<P extends PaperBase>(props: PaperCardPageProps<P>) {
  const { texts, card } = props;
  // what 'Отменить' answered: shown until the card's read is as new
  const [changed, setChanged] = useState<P | null>(null);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const files = useDownload();
  const read = card.data;
  const paper = changed && read?.id === changed.id && changed.version > read.version ? changed : read;
  const tools: PaperTools = { download: files.download, fail: (error) => setProblem(errorMessage(error)) };

  const confirmCancel = async () => {
    setAsking(false);
    setProblem(null);
    try {
      setChanged(await props.cancel({ id: paper!.id, version: paper!.version }).unwrap());
    } catch (error) {
      tools.fail(error);
    }
  };

  return (
    <Box>
      <Button component={RouterLink} to={props.listPath}>
        {texts.back}
      </Button>
      {card.isLoading && <PageSpinner />}
      {Boolean(card.error) && (
        <Alert severity="error" closable={false}>
          {errorMessage(card.error)}
        </Alert>
      )}
      {paper && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', my: 2 }}>
            <Typography variant="h1" component="h1" sx={{ fontSize: 24 }}>
              {texts.title(paper.number, formatDate(paper.date))}
            </Typography>
            <Chip size="small" {...props.chip(paper)} />
            <Box sx={{ flexGrow: 1 }} />
            {props.actions(paper, tools)}
            {paper.status === 'active' ? (
              <Button variant="outlined" color="error" disabled={props.cancelling} onClick={() => setAsking(true)}>
                {texts.cancel}
              </Button>
            ) : (
              props.cancelledAction?.(paper, tools)
            )}
          </Box>
          {problem && (
            <Alert severity="error" onClose={() => setProblem(null)}>
              {problem}
            </Alert>
          )}
          {files.failed && (
            <Alert severity="error" onClose={files.dismiss}>
              {PAPER_LIST_TEXTS.downloadFailed}
            </Alert>
          )}
          <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'grid', gap: 0.5 }}>
            <Typography>
              {texts.buyer}:{' '}
              <Link component={RouterLink} to={`/buyers/${paper.buyer_id}`}>
                {paper.buyer_name}
              </Link>
            </Typography>
            {props.facts(paper)}
            <Typography variant="body2" color="text.secondary">
              {texts.made(paper.created_by_name ?? '—', formatDateTime(paper.created_at))}
            </Typography>
            {paper.cancelled_at && (
              <Typography variant="body2" color="text.secondary">
                {texts.cancelledBy(paper.cancelled_by_name ?? '—', formatDateTime(paper.cancelled_at))}
              </Typography>
            )}
          </Paper>
          {props.children(paper)}
          <PaperHistory id={paper.id} version={paper.version} texts={texts} use={props.useHistory} />
          <CancelPaperDialog
            open={asking}
            texts={texts}
            onKeep={() => setAsking(false)}
            onCancel={() => void confirmCancel()}
          />
        </>
      )}
    </Box>
  );
}
