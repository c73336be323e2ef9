import type { Language } from '@portal/contract';
import { formatCalendarDate } from './localeText.ts';
import { languageOf } from './locale.ts';
import { greeted } from './memberMail.ts';

/**
 * The e-mails that confirm a membership change (freeze, reactivation): texts the server's
 * outbox and the demo's show alike. The greeting and the brand: memberMail.ts.
 */
export type LifecycleMail =
  | { kind: 'freeze_created' | 'freeze_changed'; begin_date: string; end_date: string }
  | { kind: 'freeze_cancelled' | 'freeze_ended'; begin_date: string; end_date: string }
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
      subject: 'Your scheduled freeze is cancelled',
      body: (d) =>
        `the freeze planned from ${d.begin} to ${d.end} is cancelled, free of charge. Your membership simply goes on.`,
    },
    freeze_ended: {
      subject: 'Your freeze has ended',
      body: (d) =>
        `you ended your freeze early: your membership was frozen from ${d.begin} to ${d.end}. It is active again from today, and the rest of this month is billed at your regular monthly fee.`,
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
      subject: 'Ihre geplante Pause ist gelöscht',
      body: (d) =>
        `die geplante Pause vom ${d.begin} bis zum ${d.end} ist gelöscht – kostenlos. Ihre Mitgliedschaft läuft einfach weiter.`,
    },
    freeze_ended: {
      subject: 'Ihre Pause ist beendet',
      body: (d) =>
        `Sie haben Ihre Pause vorzeitig beendet: Pausiert war Ihre Mitgliedschaft vom ${d.begin} bis zum ${d.end}. Ab heute ist sie wieder aktiv, und den Rest dieses Monats berechnen wir zu Ihrem regulären Monatsbeitrag.`,
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
      subject: 'Votre suspension prévue est annulée',
      body: (d) =>
        `la suspension prévue du ${d.begin} au ${d.end} est annulée, sans frais. Votre abonnement continue normalement.`,
    },
    freeze_ended: {
      subject: 'Votre suspension a pris fin',
      body: (d) =>
        `vous avez mis fin à votre suspension plus tôt que prévu : votre abonnement était suspendu du ${d.begin} au ${d.end}. Il est de nouveau actif dès aujourd’hui, et le reste du mois est facturé à votre mensualité habituelle.`,
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
      subject: 'Den planlagte frysen er avbrutt',
      body: (d) =>
        `den planlagte frysen fra ${d.begin} til ${d.end} er avbrutt, uten kostnad. Medlemskapet ditt fortsetter som før.`,
    },
    freeze_ended: {
      subject: 'Frysen din er avsluttet',
      body: (d) =>
        `du har avsluttet frysen før tiden: Medlemskapet ditt var fryst fra ${d.begin} til ${d.end}. Det er aktivt igjen fra i dag, og resten av måneden faktureres med den vanlige månedsprisen.`,
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
      subject: 'Suunniteltu jäädytyksesi on peruttu',
      body: (d) =>
        `suunniteltu jäädytys ajalle ${d.begin} – ${d.end} on peruttu maksutta. Jäsenyytesi jatkuu normaalisti.`,
    },
    freeze_ended: {
      subject: 'Jäädytyksesi on päättynyt',
      body: (d) =>
        `lopetit jäädytyksen etuajassa: jäsenyytesi oli jäädytettynä ajalle ${d.begin} – ${d.end}. Se on taas voimassa tästä päivästä alkaen, ja kuluvan kuun loppuosa laskutetaan tavallisella kuukausimaksulla.`,
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
  return {
    subject: template.subject,
    body: greeted(languageOf(member.locale), member.firstName, template.body(dates)),
  };
}
