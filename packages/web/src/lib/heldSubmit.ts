import { FORM_HOLD } from '@portal/contract';
import { type RefObject, useEffect } from 'react';

/** The attribute a prerendered form carries so that its submit waits for the app (FORM_HOLD). */
export const holdUntilHydrated = { [FORM_HOLD.attribute]: '' };

/**
 * Marks the form as the app's (its submit no longer held by the page's inline script) and
 * sends it if the member sent it before: the fields they typed go through the app's own
 * submit, never as a plain HTML form (ADR 035).
 */
export function useHeldSubmit(form: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    element.setAttribute(FORM_HOLD.hydrated, '');
    const page = window as unknown as Record<string, unknown>;
    if (page[FORM_HOLD.held] !== element) return;
    delete page[FORM_HOLD.held];
    element.requestSubmit();
  }, [form]);
}
