/*
 * The sandbox PT provider's widgets: the package buy widget and the member booking widget
 * (docs/personal-training.md). Plain JavaScript, no framework, as a provider ships it:
 *
 *   const teardown = window.PtWidgets.mount(container, { widget, token, locale, headingLevel?, apiBase? });
 *   teardown(); // or window.PtWidgets.unmount(container)
 *
 * It renders into the container's shadow root, styles itself from the page's theme
 * variables (they inherit into the shadow root), talks only to its own API next to this
 * script with the signed widget token, and reports on the container with the DOM events
 * pt-widget:ready, :error, :purchased, :booked and :cancelled.
 */
(() => {
  if (window.PtWidgets) return;

  const script = document.currentScript;
  /** The provider's API lives next to its script: <base>/widget.js and <base>/v1/… */
  const defaultApiBase = new URL('v1/', script?.src ? script.src : new URL('/api/dev/pt/', location.href))
    .href;

  // ---- texts, per language (the provider ships its own) ----------------------------------

  const plural = (language) => {
    const rules = new Intl.PluralRules(language);
    return (n, forms) => (forms[rules.select(n)] ?? forms.other).replace('{n}', String(n));
  };

  const TEXTS = {
    en: {
      loading: 'Loading…',
      sessions: { one: '{n} session', other: '{n} sessions' },
      remaining: { one: 'You have {n} session left to book.', other: 'You have {n} sessions left to book.' },
      noneLeft: 'You have no sessions left to book.',
      perSession: (price) => `${price} per session`,
      buy: 'Buy',
      buyLabel: (name) => `Buy: ${name}`,
      confirmBuy: (name, price) =>
        `Buy ${name} for ${price}? The amount is billed to you as an invoice in the member portal.`,
      confirmBuyButton: 'Confirm purchase',
      back: 'Back',
      bought: (sessions) =>
        `Thank you! ${sessions} have been added to your balance. You will find the invoice with your payments.`,
      noPackages: 'No packages are on offer at the moment.',
      upcoming: 'Your upcoming sessions',
      noUpcoming: 'You have no sessions booked.',
      withTrainer: (trainer) => `with ${trainer}`,
      cancellableUntil: (deadline) => `Free cancellation until ${deadline}.`,
      notCancellable: 'Can no longer be cancelled (less than 24 hours before the start).',
      cancelBooking: 'Cancel booking',
      cancelLabel: (when) => `Cancel booking: ${when}`,
      confirmCancel: (when) => `Cancel your session on ${when}? The session goes back to your balance.`,
      confirmCancelButton: 'Yes, cancel',
      keep: 'Keep booking',
      cancelled: 'Your booking is cancelled. The session is back in your balance.',
      bookHeading: 'Book a session',
      needSessions: 'To book a session, first buy a package under Offers.',
      trainer: 'Trainer',
      day: 'Day',
      times: 'Free times',
      noTimes: 'No free times with this trainer in the next 14 days.',
      noTrainers: 'There are no trainers at your club at the moment.',
      dateTime: (day, time) => `${day}, ${time}`,
      focusLine: (focus) => `Focus: ${focus}`,
      binding:
        'This session starts in less than 24 hours: once booked, it can no longer be cancelled, and the session is used even if you cannot come.',
      timeLabel: (time, day) => `${time}, ${day}`,
      confirmBook: (when, trainer) => `Book ${when} with ${trainer}?`,
      confirmBookButton: 'Book session',
      booked: (when, trainer) => `Booked: ${when} with ${trainer}.`,
      errors: {
        slot_taken: 'Someone has just booked this time. Please choose another one.',
        member_busy: 'You already have a session at this time.',
        no_sessions_left: 'You have no sessions left. Please buy a package first.',
        slot_not_offered: 'This time can no longer be booked. Please choose another one.',
        cancellation_too_late: 'This session starts in less than 24 hours and can no longer be cancelled.',
        not_found: 'This is no longer available. The view has been updated.',
        network: 'No connection. Please check your connection and try again.',
        expired: 'This view has expired. Please open it again.',
        generic: 'Something went wrong. Please try again.',
      },
    },
    de: {
      loading: 'Wird geladen …',
      sessions: { one: '{n} Einheit', other: '{n} Einheiten' },
      remaining: {
        one: 'Sie können noch {n} Einheit buchen.',
        other: 'Sie können noch {n} Einheiten buchen.',
      },
      noneLeft: 'Sie haben keine Einheiten mehr übrig.',
      perSession: (price) => `${price} pro Einheit`,
      buy: 'Kaufen',
      buyLabel: (name) => `Kaufen: ${name}`,
      confirmBuy: (name, price) =>
        `${name} für ${price} kaufen? Der Betrag wird Ihnen als Rechnung im Mitgliederportal gestellt.`,
      confirmBuyButton: 'Zahlungspflichtig kaufen',
      back: 'Zurück',
      bought: (sessions) =>
        `Vielen Dank! ${sessions} wurden Ihrem Guthaben gutgeschrieben. Die Rechnung finden Sie unter Zahlung.`,
      noPackages: 'Derzeit werden keine Pakete angeboten.',
      upcoming: 'Ihre nächsten Termine',
      noUpcoming: 'Sie haben keine Termine gebucht.',
      withTrainer: (trainer) => `mit ${trainer}`,
      cancellableUntil: (deadline) => `Kostenlos stornierbar bis ${deadline}.`,
      notCancellable: 'Nicht mehr stornierbar (weniger als 24 Stunden vor Beginn).',
      cancelBooking: 'Termin stornieren',
      cancelLabel: (when) => `Termin stornieren: ${when}`,
      confirmCancel: (when) =>
        `Ihren Termin am ${when} stornieren? Die Einheit wird Ihrem Guthaben wieder gutgeschrieben.`,
      confirmCancelButton: 'Ja, stornieren',
      keep: 'Termin behalten',
      cancelled: 'Ihr Termin ist storniert. Die Einheit wurde Ihrem Guthaben wieder gutgeschrieben.',
      bookHeading: 'Termin buchen',
      needSessions: 'Um einen Termin zu buchen, kaufen Sie bitte zuerst ein Paket unter „Angebote“.',
      trainer: 'Trainerin/Trainer',
      day: 'Tag',
      times: 'Freie Termine',
      noTimes: 'Bei dieser Auswahl sind in den nächsten 14 Tagen keine Termine frei.',
      noTrainers: 'In Ihrem Club gibt es derzeit keine Trainerinnen und Trainer.',
      dateTime: (day, time) => `${day}, ${time} Uhr`,
      focusLine: (focus) => `Schwerpunkt: ${focus}`,
      binding:
        'Dieser Termin beginnt in weniger als 24 Stunden: Nach der Buchung können Sie ihn nicht mehr stornieren, und die Einheit wird Ihnen auch angerechnet, wenn Sie nicht kommen können.',
      timeLabel: (time, day) => `${time} Uhr, ${day}`,
      confirmBook: (when, trainer) => `${when} mit ${trainer} buchen?`,
      confirmBookButton: 'Termin buchen',
      booked: (when, trainer) => `Gebucht: ${when} mit ${trainer}.`,
      errors: {
        slot_taken: 'Dieser Termin wurde gerade von jemand anderem gebucht. Bitte wählen Sie einen anderen.',
        member_busy: 'Sie haben zu dieser Zeit bereits einen Termin.',
        no_sessions_left: 'Sie haben keine Einheiten mehr. Bitte kaufen Sie zuerst ein Paket.',
        slot_not_offered: 'Dieser Termin kann nicht mehr gebucht werden. Bitte wählen Sie einen anderen.',
        cancellation_too_late:
          'Dieser Termin beginnt in weniger als 24 Stunden und kann nicht mehr storniert werden.',
        not_found: 'Das ist nicht mehr verfügbar. Die Ansicht wurde aktualisiert.',
        network: 'Keine Verbindung. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
        expired: 'Diese Ansicht ist abgelaufen. Bitte öffnen Sie sie erneut.',
        generic: 'Das hat leider nicht geklappt. Bitte versuchen Sie es erneut.',
      },
    },
    fr: {
      loading: 'Chargement…',
      sessions: { one: '{n} séance', other: '{n} séances' },
      remaining: {
        one: 'Il vous reste {n} séance à réserver.',
        other: 'Il vous reste {n} séances à réserver.',
      },
      noneLeft: 'Il ne vous reste aucune séance à réserver.',
      perSession: (price) => `${price} la séance`,
      buy: 'Acheter',
      buyLabel: (name) => `Acheter : ${name}`,
      confirmBuy: (name, price) =>
        `Acheter ${name} pour ${price} ? Le montant vous sera facturé dans votre espace membre.`,
      confirmBuyButton: 'Confirmer l’achat',
      back: 'Retour',
      bought: (sessions) =>
        `Merci ! ${sessions} ont été ajoutées à votre solde. Vous trouverez la facture sous Paiement.`,
      noPackages: 'Aucun forfait n’est proposé pour le moment.',
      upcoming: 'Vos prochaines séances',
      noUpcoming: 'Vous n’avez aucune séance réservée.',
      withTrainer: (trainer) => `avec ${trainer}`,
      cancellableUntil: (deadline) => `Annulation gratuite jusqu’au ${deadline}.`,
      notCancellable: 'Ne peut plus être annulée (moins de 24 heures avant le début).',
      cancelBooking: 'Annuler la réservation',
      cancelLabel: (when) => `Annuler la réservation : ${when}`,
      confirmCancel: (when) => `Annuler votre séance du ${when} ? La séance sera recréditée sur votre solde.`,
      confirmCancelButton: 'Oui, annuler',
      keep: 'Garder la réservation',
      cancelled: 'Votre réservation est annulée. La séance a été recréditée sur votre solde.',
      bookHeading: 'Réserver une séance',
      needSessions: 'Pour réserver une séance, achetez d’abord un forfait sous Offres.',
      trainer: 'Coach',
      day: 'Jour',
      times: 'Créneaux libres',
      noTimes: 'Aucun créneau libre avec ce coach dans les 14 prochains jours.',
      noTrainers: 'Aucun coach n’est disponible dans votre club pour le moment.',
      dateTime: (day, time) => `${day} à ${time}`,
      focusLine: (focus) => `Spécialité : ${focus}`,
      binding:
        'Cette séance commence dans moins de 24 heures : une fois réservée, elle ne peut plus être annulée et elle est décomptée de votre solde même si vous ne pouvez pas venir.',
      timeLabel: (time, day) => `${time}, ${day}`,
      confirmBook: (when, trainer) => `Réserver le ${when} avec ${trainer} ?`,
      confirmBookButton: 'Réserver la séance',
      booked: (when, trainer) => `Réservé : ${when} avec ${trainer}.`,
      errors: {
        slot_taken: 'Ce créneau vient d’être réservé par quelqu’un d’autre. Veuillez en choisir un autre.',
        member_busy: 'Vous avez déjà une séance à cette heure-là.',
        no_sessions_left: 'Il ne vous reste aucune séance. Veuillez d’abord acheter un forfait.',
        slot_not_offered: 'Ce créneau ne peut plus être réservé. Veuillez en choisir un autre.',
        cancellation_too_late: 'Cette séance commence dans moins de 24 heures et ne peut plus être annulée.',
        not_found: 'Cet élément n’est plus disponible. L’affichage a été mis à jour.',
        network: 'Pas de connexion. Veuillez vérifier votre connexion et réessayer.',
        expired: 'Cet affichage a expiré. Veuillez l’ouvrir à nouveau.',
        generic: 'Une erreur s’est produite. Veuillez réessayer.',
      },
    },
    nb: {
      loading: 'Laster inn …',
      sessions: { one: '{n} time', other: '{n} timer' },
      remaining: { one: 'Du har {n} time igjen å bestille.', other: 'Du har {n} timer igjen å bestille.' },
      noneLeft: 'Du har ingen timer igjen å bestille.',
      perSession: (price) => `${price} per time`,
      buy: 'Kjøp',
      buyLabel: (name) => `Kjøp: ${name}`,
      confirmBuy: (name, price) => `Kjøpe ${name} for ${price}? Beløpet faktureres deg i medlemsportalen.`,
      confirmBuyButton: 'Bekreft kjøpet',
      back: 'Tilbake',
      bought: (sessions) => `Takk! ${sessions} er lagt til saldoen din. Du finner fakturaen under Betaling.`,
      noPackages: 'Det er ingen pakker i salg akkurat nå.',
      upcoming: 'Dine neste timer',
      noUpcoming: 'Du har ingen bestilte timer.',
      withTrainer: (trainer) => `med ${trainer}`,
      cancellableUntil: (deadline) => `Gratis avbestilling frem til ${deadline}.`,
      notCancellable: 'Kan ikke lenger avbestilles (mindre enn 24 timer før start).',
      cancelBooking: 'Avbestill',
      cancelLabel: (when) => `Avbestill: ${when}`,
      confirmCancel: (when) => `Avbestille timen ${when}? Timen legges tilbake på saldoen din.`,
      confirmCancelButton: 'Ja, avbestill',
      keep: 'Behold timen',
      cancelled: 'Timen er avbestilt og lagt tilbake på saldoen din.',
      bookHeading: 'Bestill en time',
      needSessions: 'For å bestille en time må du først kjøpe en pakke under Tilbud.',
      trainer: 'Trener',
      day: 'Dag',
      times: 'Ledige tider',
      noTimes: 'Ingen ledige tider hos denne treneren de neste 14 dagene.',
      noTrainers: 'Det er ingen trenere på senteret ditt for øyeblikket.',
      dateTime: (day, time) => `${day} kl. ${time}`,
      focusLine: (focus) => `Fokus: ${focus}`,
      binding:
        'Denne timen starter om mindre enn 24 timer: Når den er bestilt, kan den ikke avbestilles, og timen trekkes fra saldoen din selv om du ikke kan komme.',
      timeLabel: (time, day) => `kl. ${time}, ${day}`,
      confirmBook: (when, trainer) => `Bestille ${when} med ${trainer}?`,
      confirmBookButton: 'Bestill time',
      booked: (when, trainer) => `Bestilt: ${when} med ${trainer}.`,
      errors: {
        slot_taken: 'Noen har akkurat bestilt denne tiden. Velg en annen.',
        member_busy: 'Du har allerede en time på dette tidspunktet.',
        no_sessions_left: 'Du har ingen timer igjen. Kjøp en pakke først.',
        slot_not_offered: 'Denne tiden kan ikke lenger bestilles. Velg en annen.',
        cancellation_too_late: 'Timen starter om mindre enn 24 timer og kan ikke lenger avbestilles.',
        not_found: 'Dette er ikke lenger tilgjengelig. Visningen er oppdatert.',
        network: 'Ingen forbindelse. Sjekk tilkoblingen og prøv igjen.',
        expired: 'Denne visningen er utløpt. Åpne den på nytt.',
        generic: 'Noe gikk galt. Prøv igjen.',
      },
    },
    fi: {
      loading: 'Ladataan…',
      sessions: { one: '{n} kerta', other: '{n} kertaa' },
      remaining: { one: 'Sinulla on {n} varaamaton kerta.', other: 'Sinulla on {n} varaamatonta kertaa.' },
      noneLeft: 'Sinulla ei ole varaamattomia kertoja.',
      perSession: (price) => `${price}/kerta`,
      buy: 'Osta',
      buyLabel: (name) => `Osta: ${name}`,
      confirmBuy: (name, price) =>
        `Ostetaanko ${name} hintaan ${price}? Lasku näkyy jäsenportaalin kohdassa Maksut.`,
      confirmBuyButton: 'Vahvista osto',
      back: 'Takaisin',
      bought: (sessions) => `Kiitos! ${sessions} on lisätty saldoosi. Lasku löytyy kohdasta Maksut.`,
      noPackages: 'Tarjolla ei ole tällä hetkellä paketteja.',
      upcoming: 'Tulevat PT-tuntisi',
      noUpcoming: 'Sinulla ei ole varattuja PT-tunteja.',
      withTrainer: (trainer) => `valmentajana ${trainer}`,
      cancellableUntil: (deadline) => `Maksuton peruutus ${deadline} asti.`,
      notCancellable: 'Ei voi enää perua (alle 24 tuntia alkuun).',
      cancelBooking: 'Peru varaus',
      cancelLabel: (when) => `Peru varaus: ${when}`,
      confirmCancel: (when) => `Perutaanko PT-tuntisi ${when}? Kerta palautetaan saldoosi.`,
      confirmCancelButton: 'Kyllä, peru',
      keep: 'Pidä varaus',
      cancelled: 'Varaus on peruttu, ja kerta on palautettu saldoosi.',
      bookHeading: 'Varaa PT-tunti',
      needSessions: 'Osta ensin paketti kohdasta Tarjoukset, niin voit varata PT-tunnin.',
      trainer: 'Valmentaja',
      day: 'Päivä',
      times: 'Vapaat ajat',
      noTimes: 'Tällä valmentajalla ei ole vapaita aikoja seuraavien 14 päivän aikana.',
      noTrainers: 'Kotikeskuksessasi ei ole tällä hetkellä vapaita personal trainereita.',
      dateTime: (day, time) => `${day} klo ${time}`,
      focusLine: (focus) => `Erikoisala: ${focus}`,
      binding:
        'PT-tunnin alkuun on alle 24 tuntia: varauksen jälkeen sitä ei voi enää perua, ja kerta vähennetään saldostasi, vaikka et pääsisi paikalle.',
      timeLabel: (time, day) => `klo ${time}, ${day}`,
      confirmBook: (when, trainer) => `Varataanko ${when}, valmentajana ${trainer}?`,
      confirmBookButton: 'Varaa PT-tunti',
      booked: (when, trainer) => `Varattu: ${when}, valmentajana ${trainer}.`,
      errors: {
        slot_taken: 'Joku ehti juuri varata tämän ajan. Valitse toinen aika.',
        member_busy: 'Sinulla on jo PT-tunti tähän aikaan.',
        no_sessions_left: 'Sinulla ei ole kertoja jäljellä. Osta ensin paketti.',
        slot_not_offered: 'Tätä aikaa ei voi enää varata. Valitse toinen aika.',
        cancellation_too_late: 'Tapaamisen alkuun on alle 24 tuntia, joten sitä ei voi enää perua.',
        not_found: 'Tämä ei ole enää saatavilla. Näkymä on päivitetty.',
        network: 'Ei yhteyttä. Tarkista yhteys ja yritä uudelleen.',
        expired: 'Tämä näkymä on vanhentunut. Avaa se uudelleen.',
        generic: 'Jokin meni vikaan. Yritä uudelleen.',
      },
    },
  };

  function languageOf(locale) {
    const lang = String(locale || '')
      .slice(0, 2)
      .toLowerCase();
    if (lang === 'no') return 'nb';
    return TEXTS[lang] ? lang : 'en';
  }

  // ---- styles: the portal theme's variables, with fallbacks ----------------------------

  const CSS = `
:host { display: block; }
.pt {
  font-family: var(--font-sans, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  color: var(--color-text, #17182b);
  line-height: 1.5;
  overflow-wrap: anywhere;
}
.pt *, .pt *::before, .pt *::after { box-sizing: border-box; }
/* h3 by default; any level (headingLevel) looks the same. */
.heading { font-size: 1.0625rem; line-height: 1.3; margin: 0 0 0.5rem; }
p { margin: 0 0 0.5rem; }
ul { list-style: none; margin: 0; padding: 0; }
.muted { color: var(--color-muted, #555872); }
.balance {
  background: var(--color-brand-soft, #eef0fd);
  border-radius: var(--radius-sm, 6px);
  padding: 0.5rem 0.75rem;
  margin-bottom: 1rem;
}
.grid { display: grid; gap: 0.75rem; grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr)); }
.card {
  background: var(--color-surface-raised, #fff);
  border: 1px solid var(--color-border, #dadce8);
  border-radius: var(--radius, 10px);
  padding: 1rem;
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
}
.card .actions { margin-top: auto; padding-top: 0.5rem; }
.price { font-size: 1.25rem; font-weight: 700; margin: 0; }
.actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
button, select {
  font: inherit;
  min-height: 44px;
  border-radius: var(--radius-sm, 6px);
}
button {
  cursor: pointer;
  padding: 0.5rem 1rem;
  border: 1px solid var(--color-brand, #4338ca);
  background: var(--color-brand, #4338ca);
  color: var(--color-brand-contrast, #fff);
  font-weight: 600;
}
button.secondary {
  background: var(--color-surface-raised, #fff);
  color: var(--color-brand, #4338ca);
}
button.danger {
  background: var(--color-surface-raised, #fff);
  border-color: var(--color-danger, #b42318);
  color: var(--color-danger, #b42318);
}
button[disabled] { opacity: 0.6; cursor: progress; }
button:focus-visible, select:focus-visible, [tabindex='-1']:focus-visible {
  outline: 3px solid var(--color-focus, #4338ca);
  outline-offset: 2px;
}
select {
  width: 100%;
  max-width: 32rem;
  padding: 0.5rem;
  border: 1px solid var(--color-border, #dadce8);
  background: var(--color-surface-raised, #fff);
  color: inherit;
}
label, .label { display: block; font-weight: 600; margin: 0.75rem 0 0.25rem; }
.hint { margin: 0.25rem 0 0; }
.warning {
  border-left: 4px solid var(--color-danger, #b42318);
  background: var(--color-danger-soft, #fdeceb);
  color: var(--color-text, #17182b);
  padding: 0.5rem 0.75rem;
  border-radius: var(--radius-sm, 6px);
}
.times { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 0.25rem; }
.times button { min-width: 5.5rem; }
.confirm {
  border: 2px solid var(--color-brand, #4338ca);
  border-radius: var(--radius, 10px);
  padding: 0.75rem;
  margin-top: 0.75rem;
  background: var(--color-surface-raised, #fff);
}
.booking { border-bottom: 1px solid var(--color-border, #dadce8); padding: 0.75rem 0; }
.booking:first-child { padding-top: 0; }
.section + .section { margin-top: 1.5rem; }
.message:empty { display: none; }
.message {
  border-radius: var(--radius-sm, 6px);
  padding: 0.5rem 0.75rem;
  margin: 0 0 1rem;
}
.card .message { margin: 0.25rem 0 0; }
.picker .message { margin: 0.75rem 0 0; }
.message.success { background: var(--color-success-soft, #e6f5ec); color: var(--color-success, #11703a); }
.message.error { background: var(--color-danger-soft, #fdeceb); color: var(--color-danger, #b42318); }
@media (prefers-reduced-motion: no-preference) { button { transition: background-color 0.15s; } }
`;

  // ---- helpers ------------------------------------------------------------------------

  /** Builds an element; children are nodes or text (never parsed as HTML). */
  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
      else if (key === 'className') el.className = value;
      else el.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      el.append(child instanceof Node ? child : String(child));
    }
    return el;
  }

  /**
   * The step that asks before an action: the question (and any terms), the confirm button
   * and a secondary button that goes back.
   */
  function confirmStep(question, terms, confirmButton, backLabel, onBack) {
    return h(
      'div',
      { className: 'confirm' },
      question,
      terms,
      h(
        'div',
        { className: 'actions' },
        confirmButton,
        h('button', { type: 'button', className: 'secondary', onclick: onBack }, backLabel),
      ),
    );
  }

  /** Replaces an element's children, leaving out the absent ones (null would become text). */
  function fill(el, ...children) {
    el.replaceChildren(
      ...children.filter((child) => child !== null && child !== undefined && child !== false),
    );
  }

  function requestId() {
    if (crypto.randomUUID) return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }

  class ApiFailure extends Error {
    constructor(status, body) {
      const item = body?.errors?.[0];
      super(item?.message || `HTTP ${status}`);
      this.status = status;
      this.type = item?.type || (status === 0 ? 'network' : 'generic');
      this.reason = item?.context?.reason;
      this.serverMessage = item?.message;
    }
  }

  // ---- one mounted widget ---------------------------------------------------------------

  const mounted = new WeakMap();
  let uid = 0;

  function mount(container, options) {
    if (!(container instanceof HTMLElement))
      throw new TypeError('PtWidgets.mount: container must be an element');
    const { widget, token, locale, headingLevel = 3 } = options || {};
    if (widget !== 'package_buy' && widget !== 'booking') {
      throw new TypeError('PtWidgets.mount: widget must be package_buy or booking');
    }
    if (typeof token !== 'string' || !token) throw new TypeError('PtWidgets.mount: token is required');
    if (!Number.isInteger(headingLevel) || headingLevel < 1 || headingLevel > 6) {
      throw new TypeError('PtWidgets.mount: headingLevel must be a whole number from 1 to 6');
    }
    unmount(container);

    const apiBase = new URL(
      options.apiBase ? String(options.apiBase).replace(/\/?$/, '/') : defaultApiBase,
      location.href,
    ).href;
    const language = languageOf(locale);
    const t = TEXTS[language];
    const count = plural(language);
    const intlLocale = (() => {
      try {
        return Intl.getCanonicalLocales(locale || language)[0];
      } catch {
        return language;
      }
    })();
    const id = `ptw${++uid}`;
    const aborter = new AbortController();
    let alive = true;

    const root = container.shadowRoot || container.attachShadow({ mode: 'open' });
    const body = h('div', { className: 'pt', lang: intlLocale });
    /** For what concerns the whole widget (it expired, it could not load); an action's outcome is a note next to it. */
    const alert = h('p', { className: 'message error', role: 'alert' });
    root.replaceChildren(h('style', {}, CSS), body);

    /** The widget's headings sit under the host page's: h3 by default, `headingLevel` otherwise. */
    const heading = (attrs, text) => h(`h${headingLevel}`, { ...attrs, className: 'heading' }, text);

    /**
     * The outcome of an action (bought, booked, cancelled, refused), shown where the action
     * was and focused, so it is seen on a small screen and read out: no live region needed.
     */
    const noteOf = (note) =>
      note ? h('p', { className: `message ${note.kind}`, tabindex: '-1' }, note.text) : null;
    const focusLater = (el) => {
      if (el) queueMicrotask(() => el.focus());
    };

    const emit = (name, detail) => {
      if (!alive) return;
      container.dispatchEvent(
        new CustomEvent(`pt-widget:${name}`, {
          detail: { widget, ...detail },
          bubbles: true,
          composed: true,
        }),
      );
    };

    async function call(method, path, payload) {
      let response;
      try {
        response = await fetch(new URL(path, apiBase), {
          method,
          signal: aborter.signal,
          headers: {
            Authorization: `Bearer ${token}`,
            Accept: 'application/json',
            'Accept-Language': intlLocale,
            ...(payload ? { 'Content-Type': 'application/json' } : {}),
          },
          ...(payload ? { body: JSON.stringify(payload) } : {}),
        });
      } catch (error) {
        if (error?.name === 'AbortError') throw error;
        throw new ApiFailure(0, null);
      }
      const data = await response.json().catch(() => null);
      if (!response.ok) {
        const failure = new ApiFailure(response.status, data);
        if (response.status === 401) expire(failure);
        throw failure;
      }
      return data;
    }

    /** The token was refused or ran out: nothing works any more; the page offers a new start. */
    function expire(failure) {
      const reason = failure.reason === 'expired' ? 'token_expired' : 'unauthorized';
      alert.textContent = t.errors.expired;
      for (const el of body.querySelectorAll('button, select')) el.disabled = true;
      emit('error', { reason });
    }

    /**
     * What to tell the member about a failed action, or null when there is nothing to say:
     * the widget was left, or the token was refused (expire() has said so and stopped everything).
     */
    function errorText(error) {
      if (error?.name === 'AbortError' || !alive) return null;
      if (error?.status === 401) return null;
      // The portal's own refusals (e.g. the membership's status) come in the member's language.
      return t.errors[error?.type] || (error?.status === 422 && error.serverMessage) || t.errors.generic;
    }

    const money = (minor, currency) =>
      new Intl.NumberFormat(intlLocale, { style: 'currency', currency }).format(minor / 100);

    function start(loader) {
      body.replaceChildren(h('p', { className: 'muted' }, t.loading));
      loader().then(
        () => emit('ready', {}),
        (error) => {
          if (error?.name === 'AbortError' || !alive) return;
          if (error?.status === 401) return;
          body.replaceChildren(alert);
          alert.textContent = error?.status === 0 ? t.errors.network : t.errors.generic;
          emit('error', { reason: error?.status === 0 ? 'network' : 'load_failed' });
        },
      );
    }

    // ---- package buy widget ----

    function packageBuy() {
      let data = null;
      /** The confirmation open: { packageId, requestId }, the request id kept for a retry. */
      let open = null;
      /** The last purchase's outcome, in its card: { packageId, kind, text }. */
      let note = null;
      const balance = h('p', { className: 'balance' });
      const list = h('ul', { className: 'grid' });

      function renderBalance() {
        balance.textContent = data.remaining_sessions > 0 ? count(data.remaining_sessions, t.remaining) : '';
        balance.hidden = data.remaining_sessions <= 0;
      }

      /** Renders the cards; the card of `focusPackage` gets the focus: its note, else its open button. */
      function renderList(focusPackage) {
        list.replaceChildren(
          ...data.packages.map((p) => {
            const headingId = `${id}-p-${p.id}`;
            const questionId = `${id}-q-${p.id}`;
            const price = money(p.price, p.currency);
            const isOpen = open?.packageId === p.id;
            const message = note?.packageId === p.id ? noteOf(note) : null;
            const confirmButton = h(
              'button',
              { type: 'button', 'aria-describedby': questionId, onclick: () => buy(p, confirmButton) },
              t.confirmBuyButton,
            );
            const buyButton = h(
              'button',
              {
                type: 'button',
                'aria-label': t.buyLabel(p.name),
                'aria-expanded': isOpen ? 'true' : 'false',
                onclick: () => {
                  open = { packageId: p.id, requestId: requestId() };
                  note = null;
                  renderList(p.id);
                },
              },
              t.buy,
            );
            if (focusPackage === p.id) focusLater(message ?? (isOpen ? confirmButton : buyButton));
            return h(
              'li',
              { className: 'card', 'aria-labelledby': headingId },
              heading({ id: headingId }, p.name),
              h('p', { className: 'price' }, price),
              h(
                'p',
                { className: 'muted' },
                `${count(p.sessions, t.sessions)} · ${t.perSession(money(Math.round(p.price / p.sessions), p.currency))}`,
              ),
              p.description ? h('p', {}, p.description) : null,
              message,
              isOpen
                ? confirmStep(
                    h('p', { id: questionId }, t.confirmBuy(p.name, price)),
                    null,
                    confirmButton,
                    t.back,
                    () => {
                      open = null;
                      renderList(p.id);
                    },
                  )
                : h('div', { className: 'actions' }, buyButton),
            );
          }),
        );
      }

      async function buy(p, button) {
        if (!open || open.packageId !== p.id) return;
        button.disabled = true;
        try {
          const result = await call('POST', 'purchases', { package_id: p.id, request_id: open.requestId });
          open = null;
          note = {
            packageId: p.id,
            kind: 'success',
            text: t.bought(count(result.purchase.sessions, t.sessions)),
          };
          data.remaining_sessions = result.remaining_sessions;
          renderBalance();
          renderList(p.id);
          emit('purchased', {
            purchase_id: result.purchase.id,
            package_id: result.purchase.package_id,
            sessions: result.purchase.sessions,
            amount: result.purchase.amount,
            currency: result.purchase.currency,
            invoice_id: result.purchase.invoice_id,
            remaining_sessions: result.remaining_sessions,
          });
        } catch (error) {
          const text = errorText(error);
          if (!text) return;
          // The confirmation stays open: trying again sends the same request id, so a purchase
          // that did go through (only its answer was lost) is not made twice.
          note = { packageId: p.id, kind: 'error', text };
          renderList(p.id);
        }
      }

      start(async () => {
        data = await call('GET', 'packages');
        renderBalance();
        renderList(null);
        body.replaceChildren(balance, alert, data.packages.length ? list : h('p', {}, t.noPackages));
      });
    }

    // ---- booking widget ----

    function booking() {
      let trainers = [];
      let timezone = 'UTC';
      let remaining = 0;
      let bookings = [];
      let slots = [];
      let trainerId = '';
      let day = '';
      let pendingSlot = null;
      let pendingCancel = null;
      /** The outcomes of the last cancellation and booking, each in its section: { kind, text }. */
      let upcomingNote = null;
      let pickerNote = null;

      const dayFormat = () =>
        new Intl.DateTimeFormat(intlLocale, {
          timeZone: timezone,
          weekday: 'long',
          day: 'numeric',
          month: 'long',
        });
      /** French writes the first of a month "1er", as the portal does (domain/localeText.ts). */
      const dayText = (date) =>
        dayFormat()
          .formatToParts(date)
          .map((p) => (p.type === 'day' && p.value === '1' && /^fr/i.test(intlLocale) ? '1er' : p.value))
          .join('');
      const timeFormat = () =>
        new Intl.DateTimeFormat(intlLocale, { timeZone: timezone, hour: '2-digit', minute: '2-digit' });
      const dayKey = (iso) =>
        new Intl.DateTimeFormat('en-CA', {
          timeZone: timezone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
        }).format(new Date(iso));
      /** Every instant of a booking in one style: weekday, day, month and time ("Thursday 26 November, 10:00"). */
      const when = (iso) => t.dateTime(dayText(new Date(iso)), timeFormat().format(new Date(iso)));
      const trainerName = (tid) => trainers.find((x) => x.id === tid)?.name ?? '';
      const clearNotes = () => {
        upcomingNote = null;
        pickerNote = null;
      };

      const balance = h('p', { className: 'balance' });
      const upcomingHeading = heading({ id: `${id}-upcoming`, tabindex: '-1' }, t.upcoming);
      const upcomingList = h('div');
      const bookHeading = heading({ id: `${id}-book`, tabindex: '-1' }, t.bookHeading);
      const picker = h('div', { className: 'picker' });

      function renderBalance() {
        balance.textContent = remaining > 0 ? count(remaining, t.remaining) : t.noneLeft;
      }

      /** focus: a booking's id (its open button), 'note' (the note, else the heading) or null. */
      function renderUpcoming(focus) {
        const message = noteOf(upcomingNote);
        if (focus === 'note') focusLater(message ?? upcomingHeading);
        if (!bookings.length) {
          fill(upcomingList, message, h('p', { className: 'muted' }, t.noUpcoming));
          return;
        }
        fill(
          upcomingList,
          message,
          h(
            'ul',
            {},
            ...bookings.map((b) => {
              const text = when(b.starts_at);
              const isOpen = pendingCancel === b.id;
              const confirmButton = h(
                'button',
                { type: 'button', className: 'danger', onclick: () => cancel(b, confirmButton) },
                t.confirmCancelButton,
              );
              const cancelButton = h(
                'button',
                {
                  type: 'button',
                  className: 'secondary',
                  'aria-label': t.cancelLabel(text),
                  'aria-expanded': isOpen ? 'true' : 'false',
                  onclick: () => {
                    pendingCancel = b.id;
                    clearNotes();
                    renderUpcoming(b.id);
                  },
                },
                t.cancelBooking,
              );
              if (focus === b.id) focusLater(isOpen ? confirmButton : cancelButton);
              return h(
                'li',
                { className: 'booking' },
                h('p', {}, h('strong', {}, text), ' ', t.withTrainer(b.trainer_name)),
                b.trainer_focus ? h('p', { className: 'muted' }, b.trainer_focus) : null,
                h(
                  'p',
                  { className: 'muted' },
                  b.cancellable ? t.cancellableUntil(when(b.cancellable_until)) : t.notCancellable,
                ),
                !b.cancellable
                  ? null
                  : isOpen
                    ? confirmStep(h('p', {}, t.confirmCancel(text)), null, confirmButton, t.keep, () => {
                        pendingCancel = null;
                        renderUpcoming(b.id);
                      })
                    : h('div', { className: 'actions' }, cancelButton),
              );
            }),
          ),
        );
      }

      /** focus: 'trainer', 'day', 'confirm', 'note' (the note, else the day) or null. */
      function renderPicker(focus) {
        const message = noteOf(pickerNote);
        if (!trainers.length) {
          fill(picker, message, h('p', { className: 'muted' }, t.noTrainers));
          if (focus === 'note') focusLater(message ?? bookHeading);
          return;
        }
        if (remaining < 1) {
          // After booking the last session: the confirmation, then how to get more.
          fill(picker, message, h('p', {}, t.needSessions));
          if (focus === 'note') focusLater(message ?? bookHeading);
          return;
        }
        const days = [...new Set(slots.map((s) => dayKey(s.starts_at)))];
        if (!days.includes(day)) day = days[0] ?? '';
        const trainer = trainers.find((x) => x.id === trainerId);
        // The select names the trainers; the chosen one's focus is a line of its own, so
        // nothing is cut off on a phone.
        const focusLine = trainer?.focus
          ? h('p', { id: `${id}-trainer-focus`, className: 'muted hint' }, t.focusLine(trainer.focus))
          : null;
        const trainerSelect = h(
          'select',
          {
            id: `${id}-trainer`,
            'aria-describedby': focusLine ? `${id}-trainer-focus` : null,
            onchange: (event) => {
              trainerId = event.target.value;
              pendingSlot = null;
              clearNotes();
              loadSlots().then(
                () => renderPicker('trainer'),
                (error) => {
                  const text = errorText(error);
                  if (!text) return;
                  slots = [];
                  pickerNote = { kind: 'error', text };
                  renderPicker('note');
                },
              );
            },
          },
          ...trainers.map((x) => h('option', { value: x.id, selected: x.id === trainerId }, x.name)),
        );
        const daySelect = days.length
          ? h(
              'select',
              {
                id: `${id}-day`,
                onchange: (event) => {
                  day = event.target.value;
                  pendingSlot = null;
                  clearNotes();
                  renderPicker('day');
                },
              },
              ...days.map((d) => {
                const first = slots.find((s) => dayKey(s.starts_at) === d);
                return h('option', { value: d, selected: d === day }, dayText(new Date(first.starts_at)));
              }),
            )
          : null;
        const daySlots = slots.filter((s) => dayKey(s.starts_at) === day);
        const times = h(
          'div',
          { className: 'times', role: 'group', 'aria-labelledby': `${id}-times` },
          ...daySlots.map((s) => {
            const label = timeFormat().format(new Date(s.starts_at));
            const selected = pendingSlot === s.starts_at;
            return h(
              'button',
              {
                type: 'button',
                className: selected ? '' : 'secondary',
                'aria-pressed': selected ? 'true' : 'false',
                'aria-label': t.timeLabel(label, dayText(new Date(s.starts_at))),
                onclick: () => {
                  pendingSlot = s.starts_at;
                  clearNotes();
                  renderPicker('confirm');
                },
              },
              label,
            );
          }),
        );
        const slot = pendingSlot ? slots.find((s) => s.starts_at === pendingSlot) : null;
        const confirmButton = h(
          'button',
          {
            type: 'button',
            'aria-describedby': `${id}-question ${id}-terms`,
            onclick: () => book(confirmButton),
          },
          t.confirmBookButton,
        );
        // The cancellation rule as the provider applies it to this time: free until 24 hours
        // before; a time sooner than that is offered, but booking it is binding.
        const terms = !slot
          ? null
          : slot.cancellable === false
            ? h('p', { id: `${id}-terms`, className: 'warning' }, t.binding)
            : slot.cancellable_until
              ? h(
                  'p',
                  { id: `${id}-terms`, className: 'muted' },
                  t.cancellableUntil(when(slot.cancellable_until)),
                )
              : null;
        const confirm = slot
          ? confirmStep(
              h('p', { id: `${id}-question` }, t.confirmBook(when(slot.starts_at), trainerName(trainerId))),
              terms,
              confirmButton,
              t.back,
              () => {
                pendingSlot = null;
                renderPicker('day');
              },
            )
          : null;
        fill(
          picker,
          h('label', { for: `${id}-trainer` }, t.trainer),
          trainerSelect,
          focusLine,
          daySelect ? h('label', { for: `${id}-day` }, t.day) : null,
          daySelect,
          daySelect ? h('p', { id: `${id}-times`, className: 'label' }, t.times) : null,
          daySelect ? times : h('p', { className: 'muted' }, t.noTimes),
          message,
          confirm,
        );
        if (focus === 'trainer') focusLater(trainerSelect);
        else if (focus === 'day') focusLater(daySelect || trainerSelect);
        else if (focus === 'confirm') focusLater(confirmButton);
        else if (focus === 'note') focusLater(message ?? daySelect ?? trainerSelect);
      }

      async function loadSlots() {
        slots = trainerId
          ? (await call('GET', `slots?trainer_id=${encodeURIComponent(trainerId)}`)).slots
          : [];
      }

      async function loadBookings() {
        const data = await call('GET', 'bookings');
        timezone = data.timezone;
        remaining = data.remaining_sessions;
        bookings = data.bookings;
      }

      async function book(button) {
        const startsAt = pendingSlot;
        if (!startsAt) return;
        button.disabled = true;
        try {
          const result = await call('POST', 'bookings', { trainer_id: trainerId, starts_at: startsAt });
          pendingSlot = null;
          pickerNote = {
            kind: 'success',
            text: t.booked(when(result.booking.starts_at), result.booking.trainer_name),
          };
          emit('booked', {
            booking_id: result.booking.id,
            trainer_id: result.booking.trainer_id,
            starts_at: result.booking.starts_at,
            ends_at: result.booking.ends_at,
            remaining_sessions: result.remaining_sessions,
          });
          await refresh('picker');
        } catch (error) {
          const text = errorText(error);
          if (!text) return;
          pickerNote = { kind: 'error', text };
          if (error?.status === 409 || error?.status === 422 || error?.status === 404) {
            // Taken, no longer offered, or gone: choose again from what is free now.
            pendingSlot = null;
            await refresh('picker');
          } else {
            renderPicker('note'); // the confirmation stays open for another try
          }
        }
      }

      async function cancel(b, button) {
        button.disabled = true;
        try {
          const result = await call('DELETE', `bookings/${encodeURIComponent(b.id)}`);
          pendingCancel = null;
          remaining = result.remaining_sessions;
          upcomingNote = { kind: 'success', text: t.cancelled };
          emit('cancelled', { booking_id: b.id, remaining_sessions: result.remaining_sessions });
        } catch (error) {
          const text = errorText(error);
          if (!text) return;
          pendingCancel = null;
          upcomingNote = { kind: 'error', text };
        }
        await refresh('upcoming');
      }

      /**
       * Reloads bookings and times after a change and shows them with the change's note in
       * focus ('upcoming' or 'picker'). When the reload fails, what is shown stays, with the note.
       */
      async function refresh(focus) {
        try {
          await Promise.all([loadBookings(), loadSlots()]);
        } catch (error) {
          if (!errorText(error)) return;
        }
        if (!alive) return;
        renderBalance();
        renderUpcoming(focus === 'upcoming' ? 'note' : null);
        renderPicker(focus === 'picker' ? 'note' : null);
      }

      start(async () => {
        const [list] = await Promise.all([call('GET', 'trainers'), loadBookings()]);
        trainers = list.trainers;
        timezone = list.timezone;
        trainerId = trainers[0]?.id ?? '';
        await loadSlots();
        renderBalance();
        renderUpcoming(null);
        renderPicker(null);
        body.replaceChildren(
          balance,
          alert,
          h(
            'section',
            { className: 'section', 'aria-labelledby': `${id}-upcoming` },
            upcomingHeading,
            upcomingList,
          ),
          h('section', { className: 'section', 'aria-labelledby': `${id}-book` }, bookHeading, picker),
        );
      });
    }

    if (widget === 'package_buy') packageBuy();
    else booking();

    const teardown = () => {
      if (!alive) return;
      alive = false;
      aborter.abort();
      root.replaceChildren();
      if (mounted.get(container) === teardown) mounted.delete(container);
    };
    mounted.set(container, teardown);
    return teardown;
  }

  function unmount(container) {
    const teardown = container ? mounted.get(container) : undefined;
    if (teardown) teardown();
  }

  window.PtWidgets = Object.freeze({ version: '1', mount, unmount });
})();
