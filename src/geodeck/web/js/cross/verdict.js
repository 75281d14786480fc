// A challenge's verdict as a sentence that states the rule with both printed values:
// "Vienna 16° 22′ E lies west of North Cape 25° 47′ E: Ann's challenge fails".

import { nameOf, t } from "../i18n.js";
import { seatName } from "../seats.js";
import { valueText } from "./cards.js";

// The part of a card's printed coordinates that its line compares: the longitude on the
// west–east line, the latitude on the north–south one.
function printedOn(card, line) {
  const [lat, lon] = String(card.printed || "").split(", ");
  return line === "north-south" ? lat || "" : lon || lat || "";
}

// Where the placed card truly lies from the card it was judged against, on their line.
function side(view, line, card, other, right, placedBefore) {
  const key = { "west-east": "lon", "north-south": "lat" }[line] || view.variant;
  const a = Number(card[key]);
  const b = Number(other[key]);
  const before = Number.isFinite(a) && Number.isFinite(b) && a !== b ? a < b : right === placedBefore;
  const words = { "west-east": ["west", "east"], "north-south": ["south", "north"] }[line] || ["below", "above"];
  return words[before ? 0 : 1];
}

// `result`: the judge event with the challenger, the placer, the line and where the card went.
export function ruleSentence(state, result) {
  const view = state.view;
  const card = view.cards[result.card] || { name: result.card };
  const other = view.cards[result.against] || { name: result.against };
  const geo = view.variant === "geo";
  const value = (c) => (geo ? printedOn(c, result.line) : valueText(c, view.variant));
  const rule = t(`verdict.rule.${side(view, result.line, card, other, result.right, result.placedBefore)}`, {
    a: nameOf(card),
    va: value(card),
    b: nameOf(other),
    vb: value(other),
  });
  const outcome = t(result.right ? "verdict.fails" : "verdict.succeeds", { name: seatName(state, result.challenger) });
  return `${rule}: ${outcome}`;
}
