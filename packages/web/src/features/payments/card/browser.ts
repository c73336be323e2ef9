/**
 * Leaves the portal for the provider's checkout in the same window (the provider sends the
 * member back to /payment/payment-method-updated). Its own module, so tests can stand in for it.
 */
export function openCheckout(url: string): void {
  window.location.assign(url);
}
