import { newPasswordProblem, normalizePassword, passwordRefusals } from '@portal/domain';
import { localizedRefusal } from '../membership/localized-refusal.ts';

/*
 * The commonly breached passwords (ASVS 2.1.7): the offline list of @zxcvbn-ts/language-common
 * (about 49,000 passwords, lower case), loaded once, on the first password that is set, as a
 * Set. Server only: the portal never downloads it (ADR 031).
 */
let common: Promise<Set<string>> | null = null;

function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return common;
}

/**
 * Throws the 422 of the password rule (too short, too long, breached) in the member's
 * language; answers the password in the form it is hashed in (NFC).
 */
export async function acceptNewPassword(password: string, field: string, locale: string): Promise<string> {
  const list = await commonPasswords();
  const problem = newPasswordProblem(password, field, (p) => list.has(p));
  if (problem) throw localizedRefusal(passwordRefusals, locale, [problem]);
  return normalizePassword(password);
}
