// Spreadsheets that lie, for the import's tests and bench/import-guard.ts.

/** A zip of one member whose deflated data unpacks to `size` bytes while its headers declare 1 KB: what the sizes a
 * file declares cannot be trusted with. */
export async function lyingZip(size: number): Promise<Buffer> {
  const { createDeflateRaw } = await import('node:zlib');
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => parts.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const row = Buffer.from('<row><c t="inlineStr"><is><t>орех</t></is></c></row>'.repeat(1000));
  for (let written = 0; written < size; written += row.length) deflate.write(row);
  deflate.end();
  await done;
  const data = Buffer.concat(parts);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflated
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(1024, 22); // the lie
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(1024, 24); // the lie
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}
