/** /invoice/:id: the printable invoice. */
export { InvoicePage } from './invoice/InvoicePage.tsx';
