// The cross family's events as sentences for the history (null for an event it does not know).

import { list, nameOf, t } from "../i18n.js";
import { seatName } from "../seats.js";

function cardLabel(view, id) {
  const card = (view.cards && view.cards[id]) || null;
  return card ? nameOf(card) : id;
}

export function describe(event, state) {
  const view = state.view;
  const who = (i) => seatName(state, i);
  const card = (id) => cardLabel(view, id);
  switch (event.event) {
    case "draw":
      return t("ev.draw", { seat: who(event.seat), card: card(event.card) });
    case "place":
      return t("ev.place", { seat: who(event.seat), card: card(event.card), line: t(`line.${event.line}`) });
    case "accept":
      return t("ev.accept", { seat: who(event.seat) });
    case "challenge":
      return t("ev.challenge", { seat: who(event.seat), card: card(event.against) });
    case "reveal":
      return t("ev.reveal", { cards: list(event.cards.map(card)) });
    case "judge":
      return t(event.right ? "ev.judgeRight" : "ev.judgeWrong", { card: card(event.card) });
    case "pay":
      return t("ev.pay", { to: who(event.to), from: who(event.from), n: event.amount });
    case "exchange":
      return t("ev.exchange", { seat: who(event.seat), card: card(event.card) });
    case "lapse":
      return t("ev.lapse", { seat: who(event.seat), n: event.amount });
    case "remove":
      return t("ev.remove", { cards: list(event.cards.map(card)) });
    case "scoring":
      return t(event.final ? "ev.scoringFinal" : "ev.scoring");
    case "guess":
      return "wrong" in event ? t("ev.guessValue", { seat: who(event.seat), n: event.wrong }) : t("ev.guess", { seat: who(event.seat) });
    case "check":
      return t("ev.check", { n: event.wrong });
    case "start":
      return t("ev.start", { card: card(event.card) });
    default:
      return null;
  }
}
