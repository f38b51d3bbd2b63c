// The sign-in call without RTK Query, which loads with the signed-in shell (api/rootReducer.ts): the request
// fetchBaseQuery would make (a JSON body to the same absolute URL) and its failures turned into the same
// { status, message } by ./errors.ts, so the sign-in page shows the messages every other call shows.
import { normaliseError } from './errors';

export async function postJson<T>(path: string, body: unknown, entity: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(
      new Request(`${globalThis.location?.origin ?? ''}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  } catch (error) {
    throw normaliseError({ status: 'FETCH_ERROR', error: String(error) }, entity);
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text.length ? JSON.parse(text) : null;
  } catch (error) {
    throw normaliseError(
      { status: 'PARSING_ERROR', originalStatus: response.status, data: text, error: String(error) },
      entity,
    );
  }
  if (response.status < 200 || response.status > 299) throw normaliseError({ status: response.status, data }, entity);
  return data as T;
}
