// The Practice page's panels: the question with its two answers, the verdict with the
// small map, and the round's end.

import { h, touchScreen } from "./dom.js";
import { list, nameOf, number, t } from "./i18n.js";
import { answerMap } from "./practice-map.js";
import { sidesOf, truth } from "./practice-rules.js";

const ARROWS = { west: "←", east: "→", south: "↓", north: "↑", lower: "↓", higher: "↑" };
const UNITS = { population: "", area: " km²", altitude: " m" };

// A card's value on a line as a card prints it, never broken across lines: "16° 22′ E",
// "383 m".
export function printed(card, line) {
  const value = card.values[line];
  if (line === "west-east" || line === "north-south") {
    const minutes = Math.abs(value);
    const side = line === "west-east" ? (value < 0 ? "W" : "E") : value < 0 ? "S" : "N";
    return `${Math.floor(minutes / 60)}°\u00a0${String(minutes % 60).padStart(2, "0")}′\u00a0${side}`;
  }
  return `${number(value)}${(UNITS[line] || "").replace(" ", "\u00a0")}`;
}

const askKind = (line) => (line === "west-east" || line === "north-south" ? line : "column");

export function regionsText(deck) {
  return list(deck.regions.map((r) => `${r.code} (${r.cards})`));
}

export function questionPanel(question, answer) {
  const { card, reference, line } = question;
  return h(
    "div",
    { class: "panel practice-question", id: "practice-question", "data-card": card.id, "data-reference": reference.id, "data-line": line },
    h("p", { class: "practice-ask" }, t(`practice.ask.${askKind(line)}`, { a: nameOf(card), b: nameOf(reference), line: t(`practice.column.${line}`) })),
    h(
      "div",
      { class: "practice-cards" },
      h("div", { class: "practice-card asked" }, h("small", {}, t("practice.card")), h("strong", {}, nameOf(card))),
      h("div", { class: "practice-card reference" }, h("small", {}, t("practice.reference")), h("strong", {}, nameOf(reference)), h("span", {}, printed(reference, line))),
    ),
    h(
      "div",
      { class: "practice-sides" },
      sidesOf(line).map((side) =>
        h("button", { type: "button", class: "big practice-side", "data-side": side, onclick: () => answer(side) }, ARROWS[side], " ", t(`practice.side.${side}`)),
      ),
    ),
    touchScreen() ? null : h("p", { class: "practice-hint" }, t("practice.keys")),
  );
}

export function feedbackPanel(given, shapes) {
  const { question, right } = given;
  const { card, reference, line } = question;
  const side = truth(question);
  return h(
    "div",
    { class: ["panel practice-feedback", right ? "right" : "wrong"], id: "practice-feedback", "data-right": right ? "yes" : "no", "data-card": card.id },
    h("p", { class: "practice-verdict", role: "status" }, right ? `✓ ${t("practice.right")}` : `✗ ${t("practice.wrong")}`),
    h(
      "p",
      { class: "practice-truth" },
      t(`practice.truth.${side}`, { a: nameOf(card), va: printed(card, line), b: nameOf(reference), vb: printed(reference, line) }),
    ),
    h("div", { class: "practice-map", id: "practice-map", "data-card": card.id, "data-reference": reference.id }, answerMap(question, shapes)),
  );
}

export function endPanel(round, { again, againUrl, weak }) {
  const mistakes = round.mistakes;
  return h(
    "div",
    { class: "panel practice-end", id: "practice-end", "data-score": round.score, "data-answers": round.answers.length },
    h("h3", {}, t("practice.over")),
    h("p", { class: "practice-result" }, t("practice.result", { n: round.score, total: round.answers.length })),
    mistakes.length
      ? h(
          "ul",
          { class: "practice-mistakes", id: "practice-mistakes" },
          mistakes.map((a) =>
            h("li", { "data-card": a.question.card.id }, t(`practice.truth.${truth(a.question)}`, {
              a: nameOf(a.question.card),
              va: printed(a.question.card, a.question.line),
              b: nameOf(a.question.reference),
              vb: printed(a.question.reference, a.question.line),
            })),
          ),
        )
      : h("p", {}, t("practice.noMistakes")),
    h("p", { class: "practice-sooner" }, mistakes.length ? t("practice.sooner") : ""),
    h(
      "div",
      { class: "practice-again" },
      h("a", { class: "button primary", id: "practice-again", href: againUrl, onclick: again }, t("practice.again")),
      h("a", { class: "button ghost", href: "/?weak", onclick: weak }, t("practice.weak")),
    ),
  );
}
