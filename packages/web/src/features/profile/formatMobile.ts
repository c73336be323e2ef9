import type { Mobile } from '@portal/contract';

/** "+47 41299001", kept on one line. */
export const formatMobile = (mobile: Mobile) => `${mobile.prefix}\u00a0${mobile.number}`.trim();
