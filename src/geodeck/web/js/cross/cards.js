// A cross card's face (its kind, name and, once turned over, its printed value) and the
// words for where a card lies on a line.

import { h } from "../dom.js";
import { nameOf, number, t } from "../i18n.js";

const UNITS = { population: "", area: " km²", altitude: " m" };

// A card's number in a column variant, as printed: "383 m", "41,543 km²".
export function valueText(card, variant) {
  const value = card[variant];
  if (value === undefined || value === null) return "";
  return `${number(value)}${UNITS[variant] || ""}`;
}

const KIND_MARK = { place: "◉", sight: "★", landmark: "★", attraction: "★", mountain: "▲" };

function printedParts(card, line) {
  const text = card.printed || "";
  const [lat, lon] = text.split(", ");
  if (!lon) return text;
  const mark = (part, on) => h("span", { class: "coord" }, on ? h("b", {}, part) : part);
  return [mark(`${lat},`, line === "north-south"), " ", mark(lon, line === "west-east")];
}

export function cardFace(view, id, { flipped = false, extra = [], line = null } = {}) {
  const card = view.cards[id] || { id, name: id, kind: "place" };
  const seen = card.printed && !flipped;
  const classes = ["card", `kind-${card.kind}`, flipped && "flipped", ...extra];
  const title = seen ? t("cross.seen", { printed: view.variant === "geo" ? card.printed : valueText(card, view.variant) }) : null;
  const body = flipped
    ? h(
        "span",
        { class: "card-back" },
        h("span", { class: "card-name" }, nameOf(card)),
        view.variant === "geo"
          ? h("span", { class: "printed" }, printedParts(card, line))
          : h("span", { class: "printed" }, valueText(card, view.variant)),
      )
    : h(
        "span",
        { class: "card-front" },
        h("span", { class: "card-kind", title: t(`kind.${card.kind}`) }, KIND_MARK[card.kind] || "◉"),
        h("span", { class: "card-name" }, nameOf(card)),
        seen ? h("span", { class: "printed card-value" }, view.variant === "geo" ? printedParts(card, null) : valueText(card, view.variant)) : null,
        seen ? h("span", { class: "card-seen", title: t("legend.seen") }, "◐") : null,
      );
  return h("div", { class: classes, "data-card": id, title }, body);
}

// What the marks on the cards mean: the kinds among this table's cards, and the mark of a
// card whose value was turned over earlier (printed on its face from then on).
export function kindLegend(view) {
  const kinds = [...new Set(Object.values(view.cards || {}).map((card) => card.kind))].filter((kind) => KIND_MARK[kind]);
  return h(
    "section",
    { class: "panel kind-legend", id: "kind-legend" },
    h("h3", {}, t("legend.title")),
    h(
      "ul",
      { class: "kinds" },
      kinds.map((kind) => h("li", { "data-kind": kind }, h("span", { class: `card-kind-mark kind-${kind}`, "aria-hidden": "true" }, KIND_MARK[kind]), " ", t(`kind.${kind}`))),
      h("li", { "data-kind": "seen" }, h("span", { class: "card-kind-mark", "aria-hidden": "true" }, "◐"), " ", t("legend.seen")),
    ),
  );
}

// Whether a line of the card's name or value runs into `mark` (the kind at the top left,
// the seen mark at the bottom right): a name of three lines reaches them.
function touches(card, mark) {
  if (!mark) return false;
  const box = mark.getBoundingClientRect();
  for (const text of card.querySelectorAll(".card-name, .card-value")) {
    const range = document.createRange();
    range.selectNodeContents(text);
    for (const line of range.getClientRects()) {
      // by more than a pixel either way, as the overflows are measured
      if (line.left < box.right - 1 && box.left < line.right - 1 && line.top < box.bottom - 1 && box.top < line.bottom - 1) return true;
    }
  }
  return false;
}

// A card whose text runs into a corner mark keeps that mark's height clear above (or
// below) its text, before any smaller type is tried.
function clearMarks(card) {
  card.style.removeProperty("padding-top");
  card.style.removeProperty("padding-bottom");
  const kind = card.querySelector(".card-kind");
  const seen = card.querySelector(".card-seen");
  const box = card.getBoundingClientRect();
  const top = touches(card, kind) && kind.getBoundingClientRect().bottom - box.top - card.clientTop;
  const bottom = touches(card, seen) && box.bottom - card.clientTop - seen.getBoundingClientRect().top;
  if (top) card.style.paddingTop = `${Math.ceil(top)}px`;
  if (bottom) card.style.paddingBottom = `${Math.ceil(bottom)}px`;
}

// Whether the card's face spills over its top or bottom edge: a face centred in a card
// too short for it spills both ways, and the top is not counted in scrollHeight.
function spills(card) {
  const face = card.querySelector(".card-front");
  if (!face) return false;
  const box = card.getBoundingClientRect();
  const r = face.getBoundingClientRect();
  return r.top < box.top + card.clientTop - 1 || r.bottom > box.bottom - card.clientTop + 1;
}

function overflows(card) {
  return (
    card.scrollHeight > card.clientHeight + 1 ||
    spills(card) ||
    [...card.querySelectorAll(".card-name, .printed")].some((el) => el.scrollWidth > el.clientWidth + 1) ||
    touches(card, card.querySelector(".card-kind")) ||
    touches(card, card.querySelector(".card-seen"))
  );
}

// Room beside the marks, then a smaller type, 0.08 of it a step, to 0.52 of it at the least.
function fitCard(card) {
  let scale = 1;
  card.style.removeProperty("--fit");
  clearMarks(card);
  while (scale > 0.6 && overflows(card)) {
    scale -= 0.08;
    card.style.setProperty("--fit", scale.toFixed(2));
  }
}

// After a render: a card whose name or value does not fit its face, or runs into a corner
// mark, gets room beside the mark and then a smaller type, step by step, so that names
// wrap between words and nothing is cut off or covered.
export function fitCards(root) {
  // Every gap's ghost shows the same drawn card at the same size: the first is fitted, and
  // the others take its type.
  const ghosts = [...root.querySelectorAll(".slot-ghost")];
  for (const card of [...root.querySelectorAll(".card"), ...ghosts.slice(0, 1)]) {
    fitCard(card);
  }
  const fit = ghosts.length ? ghosts[0].style.getPropertyValue("--fit") : "";
  for (const ghost of ghosts.slice(1)) {
    if (fit) ghost.style.setProperty("--fit", fit);
    else ghost.style.removeProperty("--fit");
  }
}

const SIDES = {
  "west-east": ["west", "east"],
  "north-south": ["south", "north"],
  column: ["below", "above"],
};

// "west of Reims", "above Limburg": the words for a place beyond one end of a line.
function beyond(line, before, name) {
  return t(`where.${SIDES[line][before ? 0 : 1]}`, { a: name });
}

// Words for a gap (`gap` true: between ids[at-1] and ids[at]) or a card at `at`.
export function whereText(view, line, at, gap) {
  const ids = view.lines[line];
  const lower = ids[at - 1];
  const upper = gap ? ids[at] : ids[at + 1];
  const name = (id) => nameOf(view.cards[id] || { name: id });
  if (lower !== undefined && upper !== undefined) return t("where.between", { a: name(lower), b: name(upper) });
  if (lower !== undefined) return beyond(line, false, name(lower));
  return beyond(line, true, name(upper));
}
