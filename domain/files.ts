// What may be uploaded: the card checks before sending, the server checks again.
export type FileKind = 'image' | 'document';

export const FILE_RULES: Record<FileKind, { extensions: string[]; types: string[]; maxBytes: number; label: string }> = {
  image: {
    extensions: ['jpg', 'jpeg', 'png', 'webp', 'gif'],
    types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    maxBytes: 10 * 1024 * 1024,
    label: 'JPG, PNG, WEBP или GIF до 10 МБ',
  },
  document: {
    extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv', 'txt', 'jpg', 'jpeg', 'png'],
    types: [
      'application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv', 'text/plain',
      'image/jpeg', 'image/png',
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
