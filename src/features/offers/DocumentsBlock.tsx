// The offer card's 'Документы': the lot's typed and dated papers, the state they leave it in ('В порядке'
// / 'Истекает через N дн.' / 'Истёк' / 'Не хватает: …' with the first expiry), each document's file to download,
// and, for a caller who may change the offer, adding one with its file, changing its fields on the version the card
// saw, removing it. The fields are checked by the schema the server checks them by (domain/offers/documents.ts).
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import UploadFile from '@mui/icons-material/UploadFileOutlined';
import {
  DOCUMENT_LABELS,
  DOCUMENT_MSG,
  documentValuesText,
  documentsStateDate,
  documentsStateTitle,
  type DocumentsState,
  type OfferDocument,
} from '../../../domain/offers/documents';
import { formatDate } from '../../../domain/format';
import { errorMessage, isApiError } from '../../api/errors';
import { useAppSelector } from '../../api/hooks';
import { selectToken } from '../../api/auth';
import { Alert } from '../../components/Alert';
import { DeleteDialog } from '../../components/DeleteDialog';
import { downloadFile } from '../../components/useAuthorizedUrl';
import { staleMessage } from '../../components/Card/StaleAlert';
import { useConfirmDocumentMutation, useRemoveDocumentMutation } from './documentsApi';
import { usePermissionsQuery } from '../../api/session';
import { DocumentDialog } from './DocumentDialog';
import { DOCUMENT_TEXTS, docName } from './documentTexts';

export { DOCUMENT_TEXTS };

const STATE_COLOUR: Record<DocumentsState['state'], string> = {
  ok: 'success.main',
  expiring: 'warning.main',
  expired: 'error.main',
  missing: 'error.main',
};

function StateLine({ state }: { state: DocumentsState | undefined }) {
  if (!state) return null;
  const date = documentsStateDate(state);
  return (
    <Typography sx={{ gridColumn: '1 / -1' }} data-testid="documents-state">
      {DOCUMENT_TEXTS.state}:{' '}
      <Box component="span" sx={{ color: STATE_COLOUR[state.state], fontWeight: 500 }}>
        {documentsStateTitle(state)}
      </Box>
      {date && (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {' '}
          · {date}
        </Box>
      )}
    </Typography>
  );
}

export interface DocumentsBlockProps {
  offerId: number;
  documents: OfferDocument[];
  state: DocumentsState | undefined;
  readOnly: boolean;
}

export function DocumentsBlock({ offerId, documents, state, readOnly }: DocumentsBlockProps) {
  const token = useAppSelector(selectToken);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [removing, setRemoving] = useState<OfferDocument | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [remove, removal] = useRemoveDocumentMutation();
  const [confirm, confirming] = useConfirmDocumentMutation();
  // staff who may change the offer confirm what a supplier's account shares; a supplier's account does not
  const { data: perms } = usePermissionsQuery();
  const confirms = !readOnly && Boolean(perms) && perms?.user_type !== 'supplier';
  const confirmShared = async (doc: OfferDocument) => {
    try {
      await confirm({ offerId, id: doc.id, version: doc.version }).unwrap();
      setProblem(null);
    } catch (error) {
      setProblem(isApiError(error) && error.stale ? staleMessage(error.message, error.stale) : errorMessage(error));
    }
  };
  const edited = typeof editing === 'number' ? documents.find((d) => d.id === editing) : undefined;

  const confirmRemove = async (doc: OfferDocument) => {
    try {
      await remove({ offerId, id: doc.id }).unwrap();
      setProblem(null);
    } catch (error) {
      setProblem(errorMessage(error));
    }
    setRemoving(null);
  };

  return (
    <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 1 }}>
      <StateLine state={state} />
      {documents.length === 0 ? (
        <Typography color="text.secondary">{DOCUMENT_TEXTS.none}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Документы предложения">
            <TableHead>
              <TableRow>
                <TableCell>{DOCUMENT_LABELS.type_id}</TableCell>
                <TableCell>{DOCUMENT_LABELS.number}</TableCell>
                <TableCell>{DOCUMENT_LABELS.issued_on}</TableCell>
                <TableCell>{DOCUMENT_LABELS.valid_until}</TableCell>
                <TableCell>{DOCUMENT_LABELS.issuer}</TableCell>
                <TableCell>{DOCUMENT_TEXTS.values}</TableCell>
                <TableCell>{DOCUMENT_LABELS.shareable}</TableCell>
                <TableCell>{DOCUMENT_LABELS.file}</TableCell>
                {!readOnly && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {documents.map((d) => (
                <TableRow key={d.id} data-testid="document-row">
                  <TableCell>{d.type.name}</TableCell>
                  <TableCell>{d.number ?? ''}</TableCell>
                  <TableCell>{formatDate(d.issued_on)}</TableCell>
                  <TableCell>{formatDate(d.valid_until)}</TableCell>
                  <TableCell>{d.issuer ?? ''}</TableCell>
                  <TableCell>{documentValuesText(d.values)}</TableCell>
                  <TableCell>
                    {!d.shareable ? DOCUMENT_TEXTS.no : d.share_confirmed ? DOCUMENT_TEXTS.yes : DOCUMENT_TEXTS.pending}
                    {d.shareable && !d.share_confirmed && confirms && (
                      <Button
                        size="small"
                        sx={{ ml: 1 }}
                        aria-label={DOCUMENT_TEXTS.confirmLabel(docName(d))}
                        disabled={confirming.isLoading}
                        onClick={() => void confirmShared(d)}
                      >
                        {DOCUMENT_TEXTS.confirm}
                      </Button>
                    )}
                  </TableCell>
                  <TableCell>
                    <Link
                      component="button"
                      type="button"
                      onClick={() =>
                        void downloadFile(d.url, d.name, token).catch(() => setProblem(DOCUMENT_MSG.notFound))
                      }
                    >
                      {d.name}
                    </Link>
                  </TableCell>
                  {!readOnly && (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <IconButton
                        size="small"
                        aria-label={DOCUMENT_TEXTS.edit(docName(d))}
                        title={DOCUMENT_TEXTS.edit(docName(d))}
                        onClick={() => setEditing(d.id)}
                      >
                        <EditOutlined fontSize="small" />
                      </IconButton>
                      <IconButton
                        size="small"
                        aria-label={DOCUMENT_TEXTS.remove(docName(d))}
                        title={DOCUMENT_TEXTS.remove(docName(d))}
                        onClick={() => setRemoving(d)}
                      >
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {!readOnly && (
        <Box>
          <Button startIcon={<UploadFile />} onClick={() => setEditing('new')}>
            {DOCUMENT_TEXTS.add}
          </Button>
        </Box>
      )}
      {editing !== null && (editing === 'new' || edited) && (
        <DocumentDialog offerId={offerId} doc={edited} onClose={() => setEditing(null)} />
      )}
      <DeleteDialog
        open={removing !== null}
        text={removing ? DOCUMENT_TEXTS.removeText(docName(removing)) : ''}
        busy={removal.isLoading}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void (removing && confirmRemove(removing))}
      />
    </Box>
  );
}
