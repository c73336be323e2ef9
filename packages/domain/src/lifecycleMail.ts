import type { Language } from '@portal/contract';
import { formatCalendarDate } from './localeText.ts';
import { languageOf } from './locale.ts';
import { MAIL_GREETING } from './memberMail.ts';

/**
 * The e-mails that confirm a membership change (freeze, reactivation): texts the server's
 * outbox and the demo's show alike. The greeting and the brand: memberMail.ts.
 */
export type LifecycleMail =
  | { kind: 'freeze_created' | 'freeze_changed'; begin_date: string; end_date: string }
  | { kind: 'freeze_cancelled'; begin_date: string; end_date: string }
  | { kind: 'reactivated' };

type Dates = { begin?: string; end?: string };
type Template = { subject: string; body: (d: Dates) => string };
type Catalogue = Record<LifecycleMail['kind'], Template>;

const catalogue: Record<Language, Catalogue> = {
  en: {
    freeze_created: {
      subject: 'Your freeze is booked',
      body: (d) =>
        `your membership is frozen from ${d.begin} to ${d.end}. It becomes active again by itself after that.`,
    },
    freeze_changed: {
      subject: 'Your freeze was changed',
      body: (d) => `your freeze now runs from ${d.begin} to ${d.end}.`,
    },
    freeze_cancelled: {
      subject: 'Your freeze was cancelled',
      body: (d) => `the freeze from ${d.begin} to ${d.end} is cancelled. Your membership is active.`,
    },
    reactivated: {
      subject: 'Welcome back: your membership continues',
      body: () => 'your cancellation is withdrawn and your membership continues on the same terms.',
    },
  },
  de: {
    freeze_created: {
      subject: 'Ihre Pause ist geplant',
      body: (d) =>
        `Ihre Mitgliedschaft ist vom ${d.begin} bis zum ${d.end} pausiert. Danach ist sie automatisch wieder aktiv.`,
    },
    freeze_changed: {
      subject: 'Ihre Pause wurde geändert',
      body: (d) => `Ihre Pause läuft jetzt vom ${d.begin} bis zum ${d.end}.`,
    },
    freeze_cancelled: {
      subject: 'Ihre Pause ist aufgehoben',
      body: (d) => `die Pause vom ${d.begin} bis zum ${d.end} ist aufgehoben. Ihre Mitgliedschaft ist aktiv.`,
    },
    reactivated: {
      subject: 'Willkommen zurück: Ihre Mitgliedschaft läuft weiter',
      body: () =>
        'Ihre Kündigung ist zurückgenommen, und Ihre Mitgliedschaft läuft zu den bisherigen Bedingungen weiter.',
    },
  },
  fr: {
    freeze_created: {
      subject: 'Votre suspension est enregistrée',
      body: (d) =>
        `votre abonnement est suspendu du ${d.begin} au ${d.end}. Il reprendra ensuite automatiquement.`,
    },
    freeze_changed: {
      subject: 'Votre suspension a été modifiée',
      body: (d) => `votre suspension court désormais du ${d.begin} au ${d.end}.`,
    },
    freeze_cancelled: {
      subject: 'Votre suspension a été annulée',
      body: (d) =>
        `la suspension du ${d.begin} au ${d.end} est annulée. Votre abonnement continue normalement.`,
    },
    reactivated: {
      subject: 'Bon retour parmi nous\u00a0: votre abonnement continue',
      body: () => 'votre résiliation a été annulée et votre abonnement continue aux mêmes conditions.',
    },
  },
  nb: {
    freeze_created: {
      subject: 'Frysen din er registrert',
      body: (d) =>
        `medlemskapet ditt er fryst fra ${d.begin} til ${d.end}. Deretter blir det automatisk aktivt igjen.`,
    },
    freeze_changed: {
      subject: 'Frysen din er endret',
      body: (d) => `frysen din varer nå fra ${d.begin} til ${d.end}.`,
    },
    freeze_cancelled: {
      subject: 'Frysen din er avbrutt',
      body: (d) => `frysen fra ${d.begin} til ${d.end} er avbrutt. Medlemskapet ditt er aktivt.`,
    },
    reactivated: {
      subject: 'Velkommen tilbake: medlemskapet ditt fortsetter',
      body: () => 'oppsigelsen din er trukket tilbake, og medlemskapet fortsetter på de samme vilkårene.',
    },
  },
  fi: {
    freeze_created: {
      subject: 'Jäädytyksesi on vahvistettu',
      body: (d) =>
        `jäsenyytesi on jäädytetty ajalle ${d.begin} – ${d.end}. Sen jälkeen jäsenyys jatkuu automaattisesti.`,
    },
    freeze_changed: {
      subject: 'Jäädytystäsi on muutettu',
      body: (d) => `jäädytyksesi on nyt voimassa ${d.begin} – ${d.end}.`,
    },
    freeze_cancelled: {
      subject: 'Jäädytyksesi on peruttu',
      body: (d) => `jäädytys ajalle ${d.begin} – ${d.end} on peruttu. Jäsenyytesi jatkuu normaalisti.`,
    },
    reactivated: {
      subject: 'Tervetuloa takaisin: jäsenyytesi jatkuu',
      body: () => 'irtisanomisesi on peruttu, ja jäsenyytesi jatkuu samoin ehdoin.',
    },
  },
};

/** A mail's subject and text (its greeting included), before the operator's brand. */
export interface MailText {
  subject: string;
  body: string;
}

/** Whom a member e-mail greets, in whose language. */
export interface Addressee {
  firstName: string;
  locale: string;
}

/** A calendar date in an e-mail, through the one date rule (French "1er"). */
export function formatDay(date: string, locale: string): string {
  return formatCalendarDate(date, locale);
}

/** The confirmation of a membership change, greeting included, in the member's language. */
export function lifecycleMailText(member: Addressee, mail: LifecycleMail): MailText {
  const template = catalogue[languageOf(member.locale)][mail.kind];
  const dates: Dates = {
    ...('begin_date' in mail ? { begin: formatDay(mail.begin_date, member.locale) } : {}),
    ...('end_date' in mail ? { end: formatDay(mail.end_date, member.locale) } : {}),
  };
  const hello = MAIL_GREETING[languageOf(member.locale)](member.firstName);
  return { subject: template.subject, body: `${hello}\n\n${template.body(dates)}` };
}
