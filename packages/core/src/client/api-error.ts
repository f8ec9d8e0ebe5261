/** Thrown (instead of returned) for the SPEC §8 cases where the message must reach the caller as an error. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly data: unknown;

  constructor(status: number, message: string, data: unknown = null) {
    super(message);
    this.status = status;
    this.data = data;
  }
}
