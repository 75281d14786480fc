// The cross family's events as sentences for the history (null for an event it does not know).

import { list, nameOf, t } from "../i18n.js";
import { seatName } from "../seats.js";

const SIDES = { "west-east": ["west", "east"], "north-south": ["south", "north"], column: ["below", "above"] };

// Where each placed card went, from a replay of the history (start card, placements,
// removals): history index -> { line, lower, upper }, the neighbours it had then.
const replays = new WeakMap();

function placements(view) {
  const history = view.history || [];
  if (replays.has(history)) return replays.get(history);
  const out = new Map();
  const lines = {};
  for (const name of Object.keys(view.lines || {})) lines[name] = [];
  history.forEach((event, i) => {
    if (event.event === "start") {
      for (const name of Object.keys(lines)) lines[name] = [event.card];
    } else if (event.event === "place" && lines[event.line]) {
      const ids = lines[event.line];
      ids.splice(event.at, 0, event.card);
      out.set(i, { line: event.line, lower: ids[event.at - 1], upper: ids[event.at + 1] });
    } else if (event.event === "remove") {
      const gone = new Set(event.cards);
      for (const name of Object.keys(lines)) lines[name] = lines[name].filter((id) => !gone.has(id));
    }
  });
  replays.set(history, out);
  return out;
}

// "between Paris and Prague", "west of Paris": where the card went when it was placed.
function wentTo(view, index, card) {
  const spot = placements(view).get(index);
  if (!spot) return "";
  const [before, after] = SIDES[spot.line];
  if (spot.lower !== undefined && spot.upper !== undefined) return t("where.between", { a: card(spot.lower), b: card(spot.upper) });
  if (spot.lower !== undefined) return t(`where.${after}`, { a: card(spot.lower) });
  if (spot.upper !== undefined) return t(`where.${before}`, { a: card(spot.upper) });
  return "";
}

// A secret guess, once the scoring after it has turned every guess over.
function revealedGuess(view, index, seat) {
  const history = view.history || [];
  for (let j = index + 1; j < history.length; j += 1) {
    if (history[j].event === "check") return history[j].guesses[seat];
  }
  return undefined;
}

function cardLabel(view, id) {
  const card = (view.cards && view.cards[id]) || null;
  return card ? nameOf(card) : id;
}

export function describe(event, state, ctx, index) {
  const view = state.view;
  const who = (i) => seatName(state, i);
  const card = (id) => cardLabel(view, id);
  switch (event.event) {
    case "draw":
      return t("ev.draw", { seat: who(event.seat), card: card(event.card) });
    case "place":
      if (event.line === "column") return t("ev.placeColumn", { seat: who(event.seat), card: card(event.card), where: wentTo(view, index, card) });
      return t("ev.place", { seat: who(event.seat), card: card(event.card), line: t(`line.${event.line}`), where: wentTo(view, index, card) });
    case "accept":
      return t("ev.accept", { seat: who(event.seat) });
    case "challenge":
      return t("ev.challenge", { seat: who(event.seat), card: card(event.against) });
    case "reveal":
      return t("ev.reveal", { cards: list(event.cards.map(card)) });
    case "judge":
      return t(event.right ? "ev.judgeRight" : "ev.judgeWrong", { card: card(event.card) });
    case "pay":
      if (event.from === null) return t("ev.payFromSupply", { to: who(event.to), n: event.amount });
      if (event.to === null) return t("ev.payToSupply", { from: who(event.from), n: event.amount });
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
      if ("wrong" in event) return t("ev.guessValue", { seat: who(event.seat), n: event.wrong });
      if (revealedGuess(view, index, event.seat) !== undefined) return t("ev.guessValue", { seat: who(event.seat), n: revealedGuess(view, index, event.seat) });
      return t("ev.guess", { seat: who(event.seat) });
    case "check":
      return t("ev.check", { n: event.wrong });
    case "start":
      return t("ev.start", { card: card(event.card) });
    default:
      return null;
  }
}
