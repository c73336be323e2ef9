import type { ErrorItem, Language } from '@portal/contract';
import type { RuleError } from './freeze.ts';
import { localizedItem, type RefusalTexts } from './refusal.ts';

/**
 * The `message` of a membership refusal (freeze, cancellation, withdrawal), in the member's
 * language. The portal shows the server's message for some codes (docs/portal-screens.md) and its
 * own catalogue text for the others; the demo answers with the same texts.
 */
const texts: RefusalTexts = {
  en: {
    invalid_status_to_freeze: (c) => `The membership cannot be frozen because its status is ${c.status}.`,
    max_freeze_months_reached: (c) =>
      `You have used ${c.used_months} of ${c.max_months} freeze months this year; the maximum is reached.`,
    scheduled_freeze_present: (c) => `A freeze is already scheduled from ${c.begin_date} to ${c.end_date}.`,
    freeze_overlaps_current: (c) =>
      `The dates overlap the current freeze (${c.begin_date} to ${c.end_date}).`,
    freeze_begin_not_first_of_month: () => 'A freeze begins on the first day of a month.',
    freeze_end_not_month_end: () => 'A freeze ends on the last day of a month.',
    freeze_end_before_begin: () => 'The end date is before the start date.',
    freeze_begin_too_early: (c) => `The earliest possible start is ${c.earliest}.`,
    freeze_begin_too_late: (c) => `The latest possible start is ${c.latest}.`,
    freeze_begin_date_fixed: () => 'A freeze that has begun keeps its start date.',
    freeze_end_date_in_past: (c) => `The end date can be ${c.earliest} at the earliest.`,
    freeze_not_changeable: () => 'This freeze has ended or was cancelled and can no longer be changed.',
    cancel_in_freeze_not_allowed: () => 'A frozen membership cannot be cancelled.',
    cancel_with_scheduled_freeze_not_allowed: () =>
      'The membership cannot be cancelled while a freeze is scheduled in the notice period.',
    already_in_cancellation_error: () => 'The membership is already cancelled.',
    invalid_status_to_cancel: (c) => `The membership cannot be cancelled because its status is ${c.status}.`,
    no_cancellation_to_undo: () => 'The membership is already active.',
    effective_date_before_earliest: (c) =>
      `The cancellation can take effect on ${c.earliest_date} at the earliest.`,
    effective_date_after_immediate_end: (c) =>
      `During a trial or presale a cancellation takes effect at once, on ${c.earliest_date}.`,
    withdrawal_not_offered: () => 'Withdrawing from the contract in the member portal is not offered here.',
    invalid_status_to_withdraw: () =>
      'The membership has already ended, so there is nothing left to withdraw from.',
    withdrawal_period_over: (c) => `The withdrawal period ended on ${c.last_day}.`,
  },
  de: {
    invalid_status_to_freeze: (c) =>
      `Die Mitgliedschaft kann nicht pausiert werden, weil ihr Status ${c.status} ist.`,
    max_freeze_months_reached: (c) =>
      `Sie haben in diesem Jahr ${c.used_months} von ${c.max_months} Pausenmonaten genutzt; das Maximum ist erreicht.`,
    scheduled_freeze_present: (c) =>
      `Es ist bereits eine Pause vom ${c.begin_date} bis ${c.end_date} geplant.`,
    freeze_overlaps_current: (c) =>
      `Die Daten überschneiden sich mit der laufenden Pause (${c.begin_date} bis ${c.end_date}).`,
    freeze_begin_not_first_of_month: () => 'Eine Pause beginnt am ersten Tag eines Monats.',
    freeze_end_not_month_end: () => 'Eine Pause endet am letzten Tag eines Monats.',
    freeze_end_before_begin: () => 'Das Enddatum liegt vor dem Startdatum.',
    freeze_begin_too_early: (c) => `Der früheste mögliche Beginn ist der ${c.earliest}.`,
    freeze_begin_too_late: (c) => `Der späteste mögliche Beginn ist der ${c.latest}.`,
    freeze_begin_date_fixed: () => 'Eine begonnene Pause behält ihr Startdatum.',
    freeze_end_date_in_past: (c) => `Das Enddatum kann frühestens der ${c.earliest} sein.`,
    freeze_not_changeable: () =>
      'Diese Pause ist beendet oder wurde storniert und kann nicht mehr geändert werden.',
    cancel_in_freeze_not_allowed: () => 'Eine pausierte Mitgliedschaft kann nicht gekündigt werden.',
    cancel_with_scheduled_freeze_not_allowed: () =>
      'Die Mitgliedschaft kann nicht gekündigt werden, solange in der Kündigungsfrist eine Pause geplant ist.',
    already_in_cancellation_error: () => 'Die Mitgliedschaft ist bereits gekündigt.',
    invalid_status_to_cancel: (c) =>
      `Die Mitgliedschaft kann nicht gekündigt werden, weil ihr Status ${c.status} ist.`,
    no_cancellation_to_undo: () => 'Die Mitgliedschaft ist bereits aktiv.',
    effective_date_before_earliest: (c) =>
      `Die Kündigung kann frühestens zum ${c.earliest_date} wirksam werden.`,
    effective_date_after_immediate_end: (c) =>
      `Im Probetraining und im Vorverkauf wird eine Kündigung sofort wirksam, am ${c.earliest_date}.`,
    withdrawal_not_offered: () => 'Ein Widerruf über das Mitgliederportal ist hier nicht vorgesehen.',
    invalid_status_to_withdraw: () =>
      'Die Mitgliedschaft ist bereits beendet; es gibt keinen Vertrag mehr, den Sie widerrufen könnten.',
    withdrawal_period_over: (c) => `Die Widerrufsfrist ist am ${c.last_day} abgelaufen.`,
  },
  fr: {
    invalid_status_to_freeze: (c) =>
      `L’abonnement ne peut pas être suspendu, car son statut est ${c.status}.`,
    max_freeze_months_reached: (c) =>
      `Vous avez déjà utilisé vos ${c.max_months}\u00a0mois de suspension de l’année (${c.used_months} sur ${c.max_months}).`,
    scheduled_freeze_present: (c) => `Une suspension est déjà prévue du ${c.begin_date} au ${c.end_date}.`,
    freeze_overlaps_current: (c) =>
      `Les dates chevauchent la suspension en cours (du ${c.begin_date} au ${c.end_date}).`,
    freeze_begin_not_first_of_month: () => 'Une suspension commence le premier jour d’un mois.',
    freeze_end_not_month_end: () => 'Une suspension se termine le dernier jour d’un mois.',
    freeze_end_before_begin: () => 'La date de fin précède la date de début.',
    freeze_begin_too_early: (c) => `Le début le plus proche possible est le ${c.earliest}.`,
    freeze_begin_too_late: (c) => `Le début le plus tardif possible est le ${c.latest}.`,
    freeze_begin_date_fixed: () => 'Une suspension commencée garde sa date de début.',
    freeze_end_date_in_past: (c) => `La date de fin peut être au plus tôt le ${c.earliest}.`,
    freeze_not_changeable: () => 'Cette suspension est terminée ou annulée et ne peut plus être modifiée.',
    cancel_in_freeze_not_allowed: () => 'Un abonnement suspendu ne peut pas être résilié.',
    cancel_with_scheduled_freeze_not_allowed: () =>
      'L’abonnement ne peut pas être résilié tant qu’une suspension est prévue pendant le préavis.',
    already_in_cancellation_error: () => 'L’abonnement est déjà résilié.',
    invalid_status_to_cancel: (c) => `L’abonnement ne peut pas être résilié, car son statut est ${c.status}.`,
    no_cancellation_to_undo: () => 'L’abonnement est déjà actif.',
    effective_date_before_earliest: (c) =>
      `La résiliation peut prendre effet au plus tôt le ${c.earliest_date}.`,
    effective_date_after_immediate_end: (c) =>
      `Pendant l’essai ou la prévente, une résiliation prend effet immédiatement, le ${c.earliest_date}.`,
    withdrawal_not_offered: () => 'La rétractation en ligne n’est pas proposée pour votre abonnement.',
    invalid_status_to_withdraw: () =>
      'L’abonnement a déjà pris fin ; il n’y a plus de contrat dont vous pourriez vous rétracter.',
    withdrawal_period_over: (c) => `Le délai de rétractation a expiré le ${c.last_day}.`,
  },
  nb: {
    invalid_status_to_freeze: (c) => `Medlemskapet kan ikke fryses fordi statusen er ${c.status}.`,
    max_freeze_months_reached: (c) =>
      `Du har brukt ${c.used_months} av ${c.max_months} frysmåneder i år; maksimum er nådd.`,
    scheduled_freeze_present: (c) => `En frys er allerede planlagt fra ${c.begin_date} til ${c.end_date}.`,
    freeze_overlaps_current: (c) =>
      `Datoene overlapper den pågående frysen (${c.begin_date} til ${c.end_date}).`,
    freeze_begin_not_first_of_month: () => 'En frys starter den første dagen i en måned.',
    freeze_end_not_month_end: () => 'En frys slutter den siste dagen i en måned.',
    freeze_end_before_begin: () => 'Sluttdatoen er før startdatoen.',
    freeze_begin_too_early: (c) => `Tidligste mulige start er ${c.earliest}.`,
    freeze_begin_too_late: (c) => `Seneste mulige start er ${c.latest}.`,
    freeze_begin_date_fixed: () => 'En frys som har startet, beholder startdatoen.',
    freeze_end_date_in_past: (c) => `Sluttdatoen kan tidligst være ${c.earliest}.`,
    freeze_not_changeable: () => 'Denne frysen er avsluttet eller kansellert og kan ikke endres lenger.',
    cancel_in_freeze_not_allowed: () => 'Et fryst medlemskap kan ikke sies opp.',
    cancel_with_scheduled_freeze_not_allowed: () =>
      'Medlemskapet kan ikke sies opp mens en frys er planlagt i oppsigelsestiden.',
    already_in_cancellation_error: () => 'Medlemskapet er allerede sagt opp.',
    invalid_status_to_cancel: (c) => `Medlemskapet kan ikke sies opp fordi statusen er ${c.status}.`,
    no_cancellation_to_undo: () => 'Medlemskapet er allerede aktivt.',
    effective_date_before_earliest: (c) => `Oppsigelsen kan tidligst gjelde fra ${c.earliest_date}.`,
    effective_date_after_immediate_end: (c) =>
      `I prøveperioden og i forhåndssalget gjelder en oppsigelse straks, fra ${c.earliest_date}.`,
    withdrawal_not_offered: () => 'Angrerett via medlemsportalen tilbys ikke her.',
    invalid_status_to_withdraw: () => 'Medlemskapet er allerede avsluttet, så det er ingen avtale å angre.',
    withdrawal_period_over: (c) => `Angrefristen gikk ut ${c.last_day}.`,
  },
  fi: {
    invalid_status_to_freeze: (c) => `Jäsenyyttä ei voi jäädyttää, koska sen tila on ${c.status}.`,
    max_freeze_months_reached: (c) =>
      `Olet jo käyttänyt tämän vuoden jäädytyskuukaudet (${c.used_months}/${c.max_months}).`,
    scheduled_freeze_present: (c) => `Jäädytys on jo suunniteltu ajalle ${c.begin_date} – ${c.end_date}.`,
    freeze_overlaps_current: (c) =>
      `Päivät menevät päällekkäin käynnissä olevan jäädytyksen (${c.begin_date} – ${c.end_date}) kanssa.`,
    freeze_begin_not_first_of_month: () => 'Jäädytys alkaa kuukauden ensimmäisenä päivänä.',
    freeze_end_not_month_end: () => 'Jäädytys päättyy kuukauden viimeisenä päivänä.',
    freeze_end_before_begin: () => 'Päättymispäivä on ennen alkamispäivää.',
    freeze_begin_too_early: (c) => `Aikaisin mahdollinen alkamispäivä on ${c.earliest}.`,
    freeze_begin_too_late: (c) => `Myöhäisin mahdollinen alkamispäivä on ${c.latest}.`,
    freeze_begin_date_fixed: () => 'Alkaneen jäädytyksen alkamispäivä ei muutu.',
    freeze_end_date_in_past: (c) => `Päättymispäivä voi olla aikaisintaan ${c.earliest}.`,
    freeze_not_changeable: () => 'Tämä jäädytys on päättynyt tai peruttu, eikä sitä voi enää muuttaa.',
    cancel_in_freeze_not_allowed: () => 'Jäädytettyä jäsenyyttä ei voi irtisanoa.',
    cancel_with_scheduled_freeze_not_allowed: () =>
      'Jäsenyyttä ei voi irtisanoa, kun irtisanomisajalle on suunniteltu jäädytys.',
    already_in_cancellation_error: () => 'Jäsenyys on jo irtisanottu.',
    invalid_status_to_cancel: (c) => `Jäsenyyttä ei voi irtisanoa, koska sen tila on ${c.status}.`,
    no_cancellation_to_undo: () => 'Jäsenyys on jo voimassa.',
    effective_date_before_earliest: (c) => `Irtisanominen voi tulla voimaan aikaisintaan ${c.earliest_date}.`,
    effective_date_after_immediate_end: (c) =>
      `Kokeilujakson ja ennakkomyynnin aikana irtisanominen tulee voimaan heti, ${c.earliest_date}.`,
    withdrawal_not_offered: () => 'Sopimusta ei voi peruuttaa jäsenportaalissa.',
    invalid_status_to_withdraw: () => 'Jäsenyys on jo päättynyt, joten peruutettavaa sopimusta ei enää ole.',
    withdrawal_period_over: (c) => `Peruuttamisaika päättyi ${c.last_day}.`,
  },
};

/** A domain refusal as an error item of the error body, with its message in `language`. */
export function ruleErrorItem(error: RuleError, language: Language): ErrorItem {
  return localizedItem(texts, error, language);
}
