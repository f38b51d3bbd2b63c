// A section's import file sent as a browser sends it (a multipart form: the file, the mode and any other field),
// for the import tests of every section that imports.
import type { DemoContext, DemoUser } from './testApp';

export async function importUpload(
  ctx: DemoContext,
  url: string,
  file: Buffer | null,
  filename: string,
  mode?: string,
  who: DemoUser = 'admin',
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file)]), filename);
  if (mode !== undefined) form.append('mode', mode);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  const request = new Request(`http://localhost${url}`, { method: 'POST', body: form });
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { authorization: `Bearer ${ctx.tokens[who]}`, 'content-type': request.headers.get('content-type')! },
  });
  return { status: res.statusCode, body: res.json() };
}
