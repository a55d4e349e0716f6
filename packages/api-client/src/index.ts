export { ApiError, type ApiErrorCode, isApiError, toApiError } from './api-error';
export {
  type ApiClient,
  type ApiClientConfig,
  type ApiRequestOptions,
  buildUrl,
  createApiClient,
  DEFAULT_TIMEOUT_MS,
  type QueryValue,
  type TokenStore,
} from './create-api-client';
export {
  QUERY_DEFAULTS,
  readRetryDelayMs,
  SERVER_ERROR_RETRY_DELAYS_MS,
  shouldRetryRead,
} from './retry-policy';
