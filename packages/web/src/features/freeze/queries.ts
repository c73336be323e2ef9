// The freeze policy query lives in lib: the cancellation flow asks it too (whether to offer a freeze).
export { useFreezePolicy } from '../../lib/membership.ts';
