/** The web app's route of the card provider's sandbox page in the demo: `<route>/<provider>/<checkoutId>`. */
export const DEMO_CARD_ROUTE = '/demo/card';
