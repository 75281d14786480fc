// The history as sentences, newest first.

import { h } from "./dom.js";
import { list, nameOf, t } from "./i18n.js";
import { seatColour, seatName } from "./seats.js";

const SHOWN = 80;

function cardLabel(view, id) {
  const card = (view.cards && view.cards[id]) || null;
  return card ? nameOf(card) : id;
}

function countryLabel(view, id) {
  const country = (view.layout || []).find((c) => c.id === id);
  return country ? nameOf(country) : id;
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
      if (view.game === "undercover") return t("ev.revealUc", { seat: who(event.undercover), country: countryLabel(view, event.country) });
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
    case "end":
      return t("ev.end");
    case "round":
      return t("ev.round", { n: event.round, seat: who(event.undercover) });
    case "hide":
      return "country" in event
        ? t("ev.hideIn", { seat: who(event.seat), country: countryLabel(view, event.country) })
        : t("ev.hide", { seat: who(event.seat) });
    case "reshuffle":
      return t("ev.reshuffle");
    case "question":
      return t("ev.question", { n: event.number, seat: who(event.reader) });
    case "name":
      return t("ev.name", { seat: who(event.seat), seeker: who(event.seeker) });
    case "answer":
      return t("ev.answer", { seat: who(event.seat), answer: t(`answer.${event.answer}`) });
    case "stone":
      return t("ev.stone", { seat: who(event.seat), size: t(`ev.${event.size}`), country: countryLabel(view, event.country) });
    case "pass":
      return t("ev.pass", { seat: who(event.seat) });
    default:
      return event.event;
  }
}

function actor(event) {
  for (const key of ["seat", "to", "undercover", "reader"]) {
    if (typeof event[key] === "number") return event[key];
  }
  return null;
}

export function historyPanel(state, memory) {
  const events = state.view.history || [];
  const first = Math.max(0, events.length - SHOWN);
  const items = [];
  for (let i = events.length - 1; i >= first; i -= 1) {
    const event = events[i];
    const seat = actor(event);
    items.push(
      h(
        "li",
        { class: `ev ev-${event.event}` },
        h("span", { class: "ev-dot", style: seat === null ? {} : { background: seatColour(seat) } }),
        describe(event, state),
      ),
    );
  }
  const open = memory.historyOpen !== false;
  return h(
    "details",
    {
      class: "panel history",
      id: "history",
      open,
      ontoggle: (event) => {
        memory.historyOpen = event.target.open;
      },
    },
    h("summary", {}, t("cross.history")),
    h("ol", { class: "log" }, items),
  );
}
