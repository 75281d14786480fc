// Undercover's events as sentences for the history (null for an event it does not know).

import { t } from "../i18n.js";
import { seatName } from "../seats.js";
import { countryIn, countryOn } from "./notes.js";

export function describe(event, state, ctx) {
  const who = (i) => seatName(state, i);
  switch (event.event) {
    case "round":
      return t("ev.round", { n: event.round, seat: who(event.undercover) });
    case "hide":
      return "country" in event ? t("ev.hideIn", { seat: who(event.seat), place: countryIn(ctx, event.country) }) : t("ev.hide", { seat: who(event.seat) });
    case "reshuffle":
      return t("ev.reshuffle");
    case "question":
      return t("ev.question", { n: event.number, seat: who(event.reader) });
    case "name":
      return t("ev.name", { seat: who(event.seat), seeker: who(event.seeker) });
    case "answer":
      return t("ev.answer", { seat: who(event.seat), answer: t(`answer.${event.answer}`) });
    case "stone":
      return t("ev.stone", { seat: who(event.seat), size: t(`ev.${event.size}`), place: countryOn(ctx, event.country) });
    case "pass":
      return t("ev.pass", { seat: who(event.seat) });
    case "reveal":
      return t("ev.revealUc", { seat: who(event.undercover), place: countryIn(ctx, event.country) });
    default:
      return null;
  }
}
