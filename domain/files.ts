// What may be uploaded: the card checks before sending, the server checks again.
export type FileKind = 'image' | 'document';

export const FILE_RULES: Record<FileKind, { extensions: string[]; types: string[]; maxBytes: number; label: string }> =
  {
    image: {
      extensions: ['jpg', 'jpeg', 'png', 'webp', 'gif'],
      types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
      maxBytes: 10 * 1024 * 1024,
      label: 'JPG, PNG, WEBP или GIF до 10 МБ',
    },
    document: {
      extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv', 'txt', 'jpg', 'jpeg', 'png'],
      types: [
        'application/pdf',
        'application/msword',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'application/vnd.ms-excel',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'text/csv',
        'text/plain',
        'image/jpeg',
        'image/png',
      ],
      maxBytes: 20 * 1024 * 1024,
      label: 'PDF, Word, Excel, CSV, TXT, JPG или PNG до 20 МБ',
    },
  };

/** Longer names are not kept (a file system's own limit). */
export const FILE_NAME_MAX = 255;
/** Control characters (NUL first of all) and lone UTF-16 surrogates: no file name of a real file, and no text
 * the database can store. */
const BAD_NAME = /[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The Russian reason a file is refused, or null when it may be uploaded. */
export function fileProblem(kind: FileKind, file: { name: string; type: string; size: number }): string | null {
  if (BAD_NAME.test(file.name)) return 'Имя файла содержит недопустимые символы';
  if (file.name.length > FILE_NAME_MAX) return `Имя файла длиннее ${FILE_NAME_MAX} символов`;
  const rule = FILE_RULES[kind];
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!rule.extensions.includes(ext) || (file.type && !rule.types.includes(file.type))) {
    return `Файл «${file.name}» не подходит: можно ${rule.label}`;
  }
  if (file.size > rule.maxBytes) return `Файл «${file.name}» слишком большой: можно ${rule.label}`;
  if (file.size === 0) return `Файл «${file.name}» пустой`;
  return null;
}

/** What a file's first bytes must be for its extension: an upload is what it says it is, not HTML named x.png.
 * Text (CSV, TXT) has no signature: it must hold no NUL byte and not open as markup a browser would render. */
const SIGNATURES: Record<string, (b: Uint8Array) => boolean> = {
  jpg: (b) => starts(b, [0xff, 0xd8, 0xff]),
  jpeg: (b) => starts(b, [0xff, 0xd8, 0xff]),
  png: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  gif: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a'),
  webp: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP'),
  pdf: (b) => ascii(b, 0, '%PDF-'),
  // Word 97–2003 and Excel 97–2003: an OLE compound file; .docx and .xlsx: a ZIP
  doc: (b) => starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  xls: (b) => starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  docx: (b) => starts(b, [0x50, 0x4b, 0x03, 0x04]),
  xlsx: (b) => starts(b, [0x50, 0x4b, 0x03, 0x04]),
  csv: (b) => isPlainText(b),
  txt: (b) => isPlainText(b),
};

const starts = (b: Uint8Array, bytes: number[]) => bytes.every((byte, i) => b[i] === byte);
const ascii = (b: Uint8Array, at: number, text: string) => [...text].every((c, i) => b[at + i] === c.charCodeAt(0));

function isPlainText(b: Uint8Array): boolean {
  const head = b.subarray(0, 8192);
  if (head.includes(0)) return false;
  // the first non-blank characters (after a UTF-8 BOM): markup would render as a page if ever opened inline
  let i = starts(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)) i++;
  return head[i] !== 0x3c; // '<'
}

/** The type a file is served with: the one its extension names (its content was checked against it). */
export const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  txt: 'text/plain',
};

export const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

/** The Russian reason the content is not what the name says, or null. */
export function contentProblem(name: string, content: Uint8Array): string | null {
  const check = SIGNATURES[extensionOf(name)];
  return check && check(content)
    ? null
    : `Файл «${name}» не подходит: его содержимое не ${extensionOf(name).toUpperCase()}`;
}

/** How much a user may keep uploaded and not yet attached to any record (a card being filled in), and how long an
 * upload no record took is kept. */
export const UPLOAD_QUOTA_BYTES = 100 * 1024 * 1024;
export const UNATTACHED_KEEP_HOURS = 24;
export const UPLOAD_MSG = {
  quota: 'Слишком много несохранённых файлов (больше 100 МБ): сохраните карточку или удалите лишние',
} as const;
