import type { Language } from '@portal/contract';
import { formatCalendarDate } from './localeText.ts';
import type { RefusalTexts } from './refusal.ts';

const longDate = (language: Language) => (iso: unknown) => formatCalendarDate(String(iso), language);

const date = {
  en: longDate('en'),
  de: longDate('de'),
  fr: longDate('fr'),
  nb: longDate('nb'),
  fi: longDate('fi'),
};

/** Refusals of the PT widgets, in the member's language (docs/personal-training.md). */
export const ptTexts: RefusalTexts = {
  en: {
    pt_before_membership_start: (c) =>
      `Personal training is available once your membership starts on ${date.en(c.begin_date)}.`,
    invalid_status_for_pt: () => 'Personal training is only available with a running membership.',
  },
  de: {
    pt_before_membership_start: (c) =>
      `Personal Training steht Ihnen ab Beginn Ihrer Mitgliedschaft am ${date.de(c.begin_date)} zur Verfügung.`,
    invalid_status_for_pt: () => 'Personal Training ist nur mit einer laufenden Mitgliedschaft möglich.',
  },
  fr: {
    pt_before_membership_start: (c) =>
      `Le coaching personnalisé sera disponible dès le début de votre abonnement, le ${date.fr(c.begin_date)}.`,
    invalid_status_for_pt: () => 'Le coaching personnalisé n’est disponible qu’avec un abonnement en cours.',
  },
  nb: {
    pt_before_membership_start: (c) =>
      `Personlig trening blir tilgjengelig når medlemskapet ditt starter ${date.nb(c.begin_date)}.`,
    invalid_status_for_pt: () => 'Personlig trening er bare tilgjengelig med et aktivt medlemskap.',
  },
  fi: {
    pt_before_membership_start: (c) =>
      `PT-valmennus on käytettävissäsi, kun jäsenyytesi alkaa ${date.fi(c.begin_date)}.`,
    invalid_status_for_pt: () => 'PT-valmennus on käytettävissä vain voimassa olevalla jäsenyydellä.',
  },
};
