// The outcome of a profile action in an alert above its block: the server's message on success, or why it failed.
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { errorMessage } from '../../api/errors';

type Result = { severity: 'success' | 'error'; text: string; key: number } | null;

export function useResultAlert() {
  const [result, setResult] = useState<Result>(null);
  const clear = () => setResult(null);
  const alert = result && (
    <Alert key={result.key} severity={result.severity} onClose={clear}>
      {result.text}
    </Alert>
  );
  /** Runs an action, showing `success(answer)` when it succeeds and the error's message when it fails. */
  async function report<T>(work: () => Promise<T>, success: (answer: T) => string): Promise<T | undefined> {
    clear();
    try {
      const answer = await work();
      setResult({ severity: 'success', text: success(answer), key: Date.now() });
      return answer;
    } catch (error) {
      setResult({ severity: 'error', text: errorMessage(error), key: Date.now() });
      return undefined;
    }
  }
  return { alert, report };
}
