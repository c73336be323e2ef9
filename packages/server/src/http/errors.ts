// The API's deliberate answers live in the contract, where domain's rules throw them too.
export {
  ApiError,
  invalidRequest,
  notFound,
  passwordCheckFailed,
  rateLimited,
  ruleViolation,
  serviceUnavailable,
  UNAVAILABLE_RETRY_SECONDS,
  unauthorized,
} from '@portal/contract';
