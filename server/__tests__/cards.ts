// What the card tests share: the messages of a card's refused form.
import type { DemoContext } from './testApp';

/** Posts a form to the card's path as the admin, expects the 400, and answers its messages as the card shows them. */
export const formMessages =
  (call: DemoContext['call'], path: string) =>
  async (body: unknown): Promise<string[]> => {
    const res = await call('POST', path, 'admin', body);
    expect(res.status).toBe(400);
    return res.body.messages;
  };

/** A good form spoiled one field at a time, each in its own request: field → the messages it got. */
export async function messagesByField(
  messages: (body: unknown) => Promise<string[]>,
  form: (patch: Record<string, unknown>) => object,
  bad: Record<string, unknown>,
): Promise<Record<string, string[]>> {
  const byField: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(bad)) byField[field] = await messages(form({ [field]: value }));
  return byField;
}
