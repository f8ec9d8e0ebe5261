import { CLIENT_MESSAGE_CODES, errorCodeOf } from '../domain/client-messages.ts';

/** Thrown (instead of returned) for the SPEC §8 cases where the message must reach the caller as an error. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly data: unknown;
  /** The answer's `data.code`: the code a screen acts on and, usually, its message's code. */
  readonly code: string | undefined;
  /**
   * The message's code in the API's catalogue (`ApiMessageCode`), to translate it by: `data.messageCode`
   * when `data.code` is an action code (INSUFFICIENT_FUNDS), else `data.code`, else the code of a
   * failure the client made itself (API_FAILURE…).
   */
  readonly messageCode: string | undefined;

  constructor(status: number, message: string, data: unknown = null) {
    super(message);
    this.status = status;
    this.data = data;
    this.code = errorCodeOf(data);
    this.messageCode = messageCodeOf(data) ?? this.code ?? CLIENT_MESSAGE_CODES.get(message);
  }
}

function messageCodeOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('messageCode' in data)) return undefined;
  const { messageCode } = data as { messageCode: unknown };
  return typeof messageCode === 'string' ? messageCode : undefined;
}
