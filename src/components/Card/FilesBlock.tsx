// Photos or documents of a record: added by the picker or dropped on the area, checked before sending
// (type and size, domain/files.ts), listed, photos in the gallery and documents downloadable.
import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFileOutlined';
import { FILE_RULES, fileProblem, type FileKind } from '../../../domain/files';
import { useUploadFileMutation, type UploadedFile } from '../../api/records';
import { errorMessage } from '../../api/errors';
import { useAppSelector } from '../../api/hooks';
import { selectToken } from '../../api/auth';
import { Alert } from '../Alert';
import { downloadFile } from '../useAuthorizedUrl';
import { Gallery } from './Gallery';

export interface StoredFile {
  id: number;
  url: string;
  name?: string;
  alt?: string;
}

export interface FilesBlockProps {
  kind: FileKind;
  files: StoredFile[];
  onUploaded(file: UploadedFile): void;
  disabled?: boolean;
}

export function FilesBlock({ kind, files, onUploaded, disabled }: FilesBlockProps) {
  const [upload, { isLoading }] = useUploadFileMutation();
  const [problem, setProblem] = useState<{ text: string; key: number } | null>(null);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const token = useAppSelector(selectToken);
  const rule = FILE_RULES[kind];

  const send = async (list: FileList | File[]) => {
    setProblem(null);
    for (const file of Array.from(list)) {
      const refused = fileProblem(kind, { name: file.name, type: file.type, size: file.size });
      if (refused) {
        setProblem({ text: refused, key: Date.now() });
        continue;
      }
      try {
        onUploaded(await upload({ file, kind }).unwrap());
      } catch (error) {
        setProblem({ text: errorMessage(error), key: Date.now() });
      }
    }
  };

  return (
    <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 1 }}>
      {kind === 'image' ? (
        <Gallery images={files.map((f) => ({ id: f.id, url: f.url, alt: f.alt ?? f.name }))} />
      ) : files.length === 0 ? (
        <Typography color="text.secondary">Нет документов</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {files.map((f) => (
            <li key={f.id}>
              <Link
                component="button"
                type="button"
                onClick={() => void downloadFile(f.url, f.name ?? `document-${f.id}`, token)}
              >
                {f.name ?? `Документ ${f.id}`}
              </Link>
            </li>
          ))}
        </Box>
      )}
      {problem && (
        <Alert key={problem.key} severity="error" onClose={() => setProblem(null)}>
          {problem.text}
        </Alert>
      )}
      {!disabled && (
        <Box
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(e) => {
            e.preventDefault();
            setOver(false);
            void send(e.dataTransfer.files);
          }}
          sx={{
            border: '1px dashed',
            borderColor: over ? 'primary.main' : 'divider',
            bgcolor: over ? 'action.hover' : undefined,
            borderRadius: 1,
            p: 2,
            display: 'flex',
            alignItems: 'center',
            gap: 2,
          }}
        >
          <Button startIcon={<UploadFile />} onClick={() => input.current?.click()} disabled={isLoading}>
            {kind === 'image' ? 'Добавить фото' : 'Добавить документ'}
          </Button>
          <Typography variant="body2" color="text.secondary">
            или перетащите сюда: {rule.label}
          </Typography>
          <input
            ref={input}
            type="file"
            hidden
            multiple
            accept={rule.extensions.map((e) => `.${e}`).join(',')}
            aria-label={kind === 'image' ? 'Файл фото' : 'Файл документа'}
            onChange={(e) => {
              if (e.target.files) void send(e.target.files);
              e.target.value = '';
            }}
          />
        </Box>
      )}
    </Box>
  );
}
