import { ApiError, type ApiResult } from '@khel/core/client';

/** The data of a successful answer; a failed one becomes an ApiError carrying status, message and data. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.success) return result.data;
  throw new ApiError(result.status, result.message, result.data);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Client errors will not change on a retry; server errors and lost connections might. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}
