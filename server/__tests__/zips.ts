// Spreadsheets that lie, for the import's tests and bench/import-guard.ts.
import { createDeflateRaw } from 'node:zlib';

/** `unit` repeated to `size` bytes, deflated: a few hundred kilobytes per hundred megabytes. */
async function deflated(size: number, unit: string): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => parts.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const block = Buffer.from(unit.repeat(1000));
  for (let written = 0; written < size; written += block.length) deflate.write(block);
  deflate.end();
  await done;
  return Buffer.concat(parts);
}

interface Member {
  name: string;
  /** Deflated data. */
  data: Buffer;
  /** The unpacked size its headers declare. */
  declared: number;
  /** Left out of the central directory: only a reader of local headers meets it. */
  hidden?: boolean;
}

/** A zip of deflated members, each with its local header and (unless hidden) its central record. */
function zipOf(members: Member[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name: text, data, declared, hidden } of members) {
    const name = Buffer.from(text);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflated
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    if (!hidden) {
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(8, 10);
      central.writeUInt32LE(data.length, 20);
      central.writeUInt32LE(declared, 24);
      central.writeUInt16LE(name.length, 28);
      central.writeUInt32LE(offset, 42);
      centrals.push(central, name);
    }
    locals.push(local, name, data);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const ROW = '<row><c t="inlineStr"><is><t>орех</t></is></c></row>';
const SHARED_STRING = '<si><t>орех кешью W320</t></si>';

/** A zip of one member whose deflated data unpacks to `size` bytes while its headers declare 1 KB: what the sizes a
 * file declares cannot be trusted with. */
export async function lyingZip(size: number): Promise<Buffer> {
  return zipOf([{ name: 'xl/worksheets/sheet1.xml', data: await deflated(size, ROW), declared: 1024 }]);
}

/** A workbook's shared strings that unpack to `size` bytes, honest about it. */
export async function sharedStringsZip(size: number): Promise<Buffer> {
  return zipOf([{ name: 'xl/sharedStrings.xml', data: await deflated(size, SHARED_STRING), declared: size }]);
}

/** A small honest member, and before it shared strings of `size` bytes that its central directory does not name:
 * a check that reads the directory sees 1 KB, a reader of local headers parses them all. */
export async function hiddenMemberZip(size: number): Promise<Buffer> {
  return zipOf([
    { name: 'xl/sharedStrings.xml', data: await deflated(size, SHARED_STRING), declared: size, hidden: true },
    { name: 'xl/worksheets/sheet1.xml', data: await deflated(1024, ROW), declared: 1024 },
  ]);
}
