// What an uploaded XLSX really unpacks to, read from its zip's own structure before the reader opens it: a few
// hundred kilobytes of zip can unpack to gigabytes of XML, and the sizes a zip declares can lie.
import { createInflateRaw } from 'node:zlib';

/** One member of a zip as a streaming reader meets it (ExcelJS reads an XLSX with unzipper, local header after
 * local header), checked against the central directory. */
interface ZipEntry {
  /** The name in its local header: the one the reader acts on. */
  name: string;
  method: number;
  /** Where its data starts, past its local header, and where it ends. */
  dataAt: number;
  dataEnd: number;
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08]);

/** The central directory's members by their local header's offset, with their compressed sizes; and where the
 * directory starts. Null for a ZIP64 or records that do not add up. */
function centralDirectory(zip: Buffer): { start: number; sizes: Map<number, number> } | null {
  // the end-of-central-directory record: within the last 64 KB + 22 bytes
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) !== 0x06054b50) continue;
    const count = zip.readUInt16LE(i + 10);
    const start = zip.readUInt32LE(i + 16);
    const sizes = new Map<number, number>();
    let at = start;
    for (let n = 0; n < count; n++) {
      if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) return null;
      const compressedSize = zip.readUInt32LE(at + 20);
      if (compressedSize === 0xffffffff) return null;
      sizes.set(zip.readUInt32LE(at + 42), compressedSize);
      at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    }
    return { start, sizes };
  }
  return null;
}

/**
 * The members of a zip (an XLSX) in the order and with the bytes a streaming reader inflates: local header after
 * local header from the first byte, as unzipper walks them (a member whose local header gives no size runs to the
 * first data descriptor's signature). Every member must be the central directory's, of its size, and the walk must
 * end where the directory starts: a member the directory does not name (a second `sharedStrings.xml` hidden from
 * the size check) makes the file unreadable. Null when it is no zip this can read.
 */
function zipEntries(zip: Buffer): ZipEntry[] | null {
  const central = centralDirectory(zip);
  if (!central) return null;
  const entries: ZipEntry[] = [];
  let at = 0;
  while (at < central.start) {
    const header = at;
    if (header + 30 > zip.length || zip.readUInt32LE(header) !== LOCAL) return null;
    const size = central.sizes.get(header);
    if (size === undefined) return null; // a member with no central record
    central.sizes.delete(header);
    const flags = zip.readUInt16LE(header + 6);
    const localSize = zip.readUInt32LE(header + 18);
    const nameLength = zip.readUInt16LE(header + 26);
    const dataAt = header + 30 + nameLength + zip.readUInt16LE(header + 28);
    let dataEnd: number;
    if (!(flags & 0x08) || localSize > 0) {
      if (localSize !== size) return null;
      dataEnd = dataAt + size;
      at = dataEnd;
    } else {
      dataEnd = zip.indexOf(DESCRIPTOR, dataAt);
      if (dataEnd < 0 || dataEnd - dataAt !== size) return null;
      at = dataEnd + 16;
    }
    if (at > central.start) return null;
    const name = zip.toString('utf8', header + 30, header + 30 + nameLength);
    entries.push({ name, method: zip.readUInt16LE(header + 8), dataAt, dataEnd });
  }
  return at === central.start && central.sizes.size === 0 ? entries : null;
}

/** How many bytes `data` inflates to, counted as it inflates and given up past `limit` (Infinity then): nothing
 * is kept, so a zip bomb costs the time to inflate `limit` bytes and no memory. */
function inflatedLength(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let length = 0;
    inflate.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        inflate.destroy();
        resolve(Infinity);
      }
    });
    inflate.on('end', () => resolve(length));
    inflate.on('error', reject);
    inflate.end(data);
  });
}

/** What a 5 MB workbook of price lines unpacks to, with room to spare. */
export const MAX_UNZIPPED = 100 * 1024 * 1024;
/** The shared strings are the one part the reader keeps whole (every text cell of the workbook): a supplier's
 * 5 000 lines of long names fit in a few megabytes. */
const MAX_SHARED_STRINGS = 24 * 1024 * 1024;

/**
 * The size an XLSX really unpacks to, up to `limit` (Infinity beyond it), inflating every member the reader will
 * inflate, without keeping it: a few hundred kilobytes of zip can unpack to gigabytes of XML, and the sizes a zip
 * declares can lie. Infinity too when its shared strings pass `sharedStringsLimit`. Null when it is no zip this
 * can read.
 */
export async function unzippedSize(
  zip: Buffer,
  limit: number,
  sharedStringsLimit = MAX_SHARED_STRINGS,
): Promise<number | null> {
  const entries = zipEntries(zip);
  if (!entries) return null;
  let total = 0;
  for (const entry of entries) {
    const data = zip.subarray(entry.dataAt, entry.dataEnd);
    const cap = entry.name === 'xl/sharedStrings.xml' ? Math.min(sharedStringsLimit, limit - total) : limit - total;
    let size: number;
    if (entry.method === 0) size = data.length;
    else if (entry.method === 8) size = await inflatedLength(data, cap).catch(() => NaN);
    else return null;
    if (Number.isNaN(size)) return null;
    if (size > cap) return Infinity;
    total += size;
  }
  return total;
}
