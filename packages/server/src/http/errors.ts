// The API's deliberate answers live in the contract, shared with the demo mode's handlers.
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
