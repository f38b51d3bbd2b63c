// What the card tests share: the messages of a card's refused form.
import type { DemoContext } from './testApp';

/** Posts a form to the card's path as the admin, expects the 400, and answers its messages as the card shows them. */
export const formMessages = (call: DemoContext['call'], path: string) => async (body: unknown): Promise<string[]> => {
  const res = await call('POST', path, 'admin', body);
  expect(res.status).toBe(400);
  return res.body.messages;
};
