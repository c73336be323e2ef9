import type { ErrorItem } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '../test/render.tsx';
import { ErrorResponse, ContractError, NetworkError } from './api.ts';
import { errorTexts } from './errorText.ts';

let t: Awaited<ReturnType<typeof setupI18n>>['t'];
beforeAll(async () => {
  t = (await setupI18n('en-DE')).t;
});

const apiError = (errors: ErrorItem[]) => new ErrorResponse(422, { status: 422, errors }, 'POST', '/api/x');

describe('error texts', () => {
  it('fills the templates with the context fields', () => {
    expect(
      errorTexts(
        apiError([{ type: 'max_freeze_months_reached', context: { max_months: 3, used_months: 3 } }]),
        t,
        'en-DE',
      ),
    ).toEqual(['You have reached the maximum number of frozen months for this year: 3 of 3 used.']);
    expect(
      errorTexts(
        apiError([
          { type: 'scheduled_freeze_present', context: { begin_date: '2026-12-01', end_date: '2026-12-31' } },
        ]),
        t,
        'en-DE',
      ),
    ).toEqual(['A freeze is already scheduled from 1 December 2026 to 31 December 2026.']);
    expect(
      errorTexts(
        apiError([{ type: 'invalid_status_to_freeze', context: { status: 'in_trial' } }]),
        t,
        'en-DE',
      ),
    ).toEqual(['Your membership cannot be frozen because its status is Trial.']);
  });
  it('shows the server message for the codes that take it, with a fallback', () => {
    expect(
      errorTexts(
        apiError([{ type: 'already_in_cancellation_error', message: 'Already cancelled on 1 May.' }]),
        t,
        'en-DE',
      ),
    ).toEqual(['Already cancelled on 1 May.']);
    expect(errorTexts(apiError([{ type: 'cancel_in_freeze_not_allowed' }]), t, 'en-DE')).toEqual([
      'A frozen membership cannot be cancelled.',
    ]);
  });
  it('falls back to the generic text for anything else', () => {
    const generic = 'Something went wrong. Please try again or contact support.';
    expect(errorTexts(apiError([{ type: 'rule_violation', message: 'x' }]), t, 'en-DE')).toEqual([generic]);
    expect(errorTexts(new Error('boom'), t, 'en-DE')).toEqual([generic]);
    expect(errorTexts(new NetworkError('GET', '/api/x', null), t, 'en-DE')[0]).toMatch(/could not reach/);
    expect(errorTexts(new ContractError('GET', '/api/x', []), t, 'en-DE')[0]).toMatch(/does not understand/);
  });
});
