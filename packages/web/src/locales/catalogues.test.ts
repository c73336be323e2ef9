import { BusinessErrorType, Language } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import fi from './fi.json';
import fr from './fr.json';
import nb from './nb.json';

type Tree = { [key: string]: string | Tree };
const catalogues: Record<string, Tree> = { en, de, fr, nb, fi };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const flat = Object.fromEntries(Object.entries(catalogues).map(([lang, tree]) => [lang, flatten(tree)]));
const english = flat.en!;

function fields(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!).sort();
}

describe('translation catalogues', () => {
  it('exist for every language of the contract', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...Language.options].sort());
  });

  it.each(Object.keys(catalogues))('%s has exactly the keys of en', (lang) => {
    expect([...flat[lang]!.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each(Object.keys(catalogues))('%s has no empty texts', (lang) => {
    const empty = [...flat[lang]!].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(Object.keys(catalogues))('%s uses the same interpolation fields as en', (lang) => {
    // A singular form may write its number as a word ("d’un mois", "One month free"), so
    // `count` is optional there; every other field, and every `_other` form, must match.
    const singular = /_(zero|one)$/;
    const comparable = (key: string, text: string) =>
      fields(text).filter((f) => !(singular.test(key) && f === 'count'));
    const mismatched = [...english]
      .filter(
        ([key, text]) => comparable(key, text).join() !== comparable(key, flat[lang]!.get(key) ?? '').join(),
      )
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it.each(Object.keys(catalogues))('%s gives every plural an _other form and no hand-made plural', (lang) => {
    const keys = [...flat[lang]!.keys()];
    const families = new Set(
      keys.filter((k) => /_(zero|one|other)$/.test(k)).map((k) => k.replace(/_\w+$/, '')),
    );
    expect([...families].filter((f) => !keys.includes(`${f}_other`))).toEqual([]);
    // "(s)" and "mois(s)" are what string concatenation leaves behind.
    expect(keys.filter((k) => /\w\(s\)/.test(flat[lang]!.get(k)!))).toEqual([]);
  });

  it('has a text for every refusal type the portal names, with its template fields', () => {
    for (const code of BusinessErrorType.options) expect(english.has(`errors.codes.${code}`)).toBe(true);
    expect(fields(english.get('errors.codes.max_freeze_months_reached')!)).toEqual([
      'max_months',
      'used_months',
    ]);
    expect(fields(english.get('errors.codes.scheduled_freeze_present')!)).toEqual(['begin_date', 'end_date']);
    expect(fields(english.get('errors.codes.invalid_status_to_freeze')!)).toEqual(['status']);
    expect(fields(english.get('errors.codes.already_in_cancellation_error')!)).toEqual(['message']);
    expect(english.get('errors.generic')).toBe('Something went wrong. Please try again or contact support.');
  });

  it('keeps the texts the browser tests rely on', () => {
    expect(english.get('auth.login.username')).toBe('Username');
    expect(english.get('auth.login.password')).toBe('Password');
    expect(english.get('auth.login.submit')).toBe('Sign in');
    expect(english.get('auth.login.forgot')).toBe('Forgot your password?');
    expect(english.get('auth.login.errors.wrongCredentials')).toBe('Wrong username and/or password');
    expect(english.get('auth.reset.submit')).toBe('Send reset link');
    expect(english.get('auth.update.password')).toBe('New password');
    expect(english.get('auth.update.submit')).toBe('Save password');
    expect(english.get('topBar.signOut')).toBe('Sign out');
    expect(english.get('language.label')).toBe('Language');
    expect(english.get('nav.label')).toBe('Main menu');
    expect(english.get('nav.paymentRequired')).toBe('Payment required');
    expect(english.get('statusBar.label')).toBe('Membership status');
    expect(english.get('statusBar.number')).toBe('Membership no. {{number}}');
  });

  it('keeps the membership texts the browser tests rely on', () => {
    const stable: Record<string, string> = {
      'membership.actions.freeze': 'Freeze membership',
      'membership.actions.manageScheduledFreeze': 'Manage scheduled freeze',
      'membership.actions.changeFreeze': 'Change freeze',
      'membership.actions.reactivate': 'Reactivate membership',
      'membership.cancel.link': 'Cancel membership',
      'freeze.form.cancelScheduled': 'Cancel scheduled freeze',
      'freeze.form.endEarly': 'End freeze early',
      'freeze.form.begin': 'Start date',
      'freeze.form.end': 'End date',
      'freeze.form.submit': 'Save freeze',
      'cancelFreeze.title.scheduled': 'Cancel scheduled freeze',
      'cancelFreeze.title.current': 'End freeze early',
      'reactivate.confirm': 'Confirm reactivation',
      'cancellation.continue': 'Continue cancellation',
      'cancellation.confirm.submit': 'Confirm cancellation',
      'cancellation.consent.question': 'Would you like to receive offers and news from us by e-mail?',
      'common.yes': 'Yes',
      'common.no': 'No',
      'actions.backToMembership': 'Back to membership',
      'cancellation.notAllowed.title': 'Cancellation not possible',
      'common.back': 'Back',
    };
    for (const [key, text] of Object.entries(stable)) expect(english.get(key), key).toBe(text);
  });
});
