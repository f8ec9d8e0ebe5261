import { useState } from 'react';
import { isApiError } from '../../../lib/api-result.ts';

/** The sign-in's messages: a request's error, and "code sent again". */
export function useLoginMessages() {
  const [requestError, setRequestError] = useState<unknown>(null);
  const [resent, setResent] = useState(false);

  const clear = () => {
    setRequestError(null);
    setResent(false);
  };

  // A 429 to a code request is shown as the too-many-attempts state (with its countdown), not as a raw message.
  const keep = (error: unknown) => {
    if (!(isApiError(error) && error.status === 429)) setRequestError(error);
  };

  return { requestError, setRequestError, resent, setResent, clear, keep };
}

export type LoginMessages = ReturnType<typeof useLoginMessages>;
