// The states of spec point 4 "Password recovery and reset": idle, sending, success, error. A screen sends through
// it and shows the success it names; a failure is the server's message in a closable alert (back to idle).
import { useState, type ReactNode } from 'react';
import { Alert } from '../../components/Alert';
import { errorMessage } from '../../api/errors';

export type RequestState =
  { state: 'idle' } | { state: 'sending' } | { state: 'success' } | { state: 'error'; message: string; key: number };

export function useRequest() {
  const [request, setRequest] = useState<RequestState>({ state: 'idle' });
  const send = async (work: () => Promise<unknown>) => {
    setRequest({ state: 'sending' });
    try {
      await work();
      setRequest({ state: 'success' });
    } catch (error) {
      setRequest({ state: 'error', message: errorMessage(error), key: Date.now() });
    }
  };
  /** The alert of the success or the failure (`title` above the server's message), or nothing. */
  const alert = (success: string, title?: ReactNode) =>
    request.state === 'success' ? (
      <Alert severity="success" closable={false}>
        {success}
      </Alert>
    ) : request.state === 'error' ? (
      <Alert key={request.key} severity="error" onClose={() => setRequest({ state: 'idle' })}>
        {title}
        {request.message}
      </Alert>
    ) : null;
  return { state: request.state, sending: request.state === 'sending', send, alert };
}
