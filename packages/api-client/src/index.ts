export { ApiError, type ApiErrorCode, isApiError, toApiError } from './api-error';
export {
  type CallArgs,
  type CallOptions,
  ContractDriftError,
  type ContractsLoader,
  endpointKey,
} from './contract-call';
export {
  type ApiClient,
  type ApiClientConfig,
  type ApiRequestOptions,
  buildUrl,
  createApiClient,
  DEFAULT_TIMEOUT_MS,
  DEV_API_KEY,
  type QueryValue,
  type TokenStore,
} from './create-api-client';
export {
  QUERY_DEFAULTS,
  readRetryDelayMs,
  SERVER_ERROR_RETRY_DELAYS_MS,
  shouldRetryRead,
} from './retry-policy';
export { MERCHANT_TOKEN_KEY } from './session-keys';
