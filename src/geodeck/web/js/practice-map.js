// The small maps of practice: an answer's two cards at their true places, and the map of
// weak areas (countries shaded by the share of wrong answers, the cards as dots).

import { s } from "./dom.js";
import { EUROPE_BOX, boxAround, countryLayer, fit, inside, loadShapes } from "./geo.js";
import { nameOf } from "./i18n.js";

const WIDTH = 360;
const HEIGHT = 240;

// Which shapes file covers a box of places.
export const shapesFor = (box) => (inside(box, EUROPE_BOX) ? "europe" : "world");

function frame(box, shapes, style, label) {
  const toScreen = fit(box, WIDTH, HEIGHT, 0.04);
  const svg = s(
    "svg",
    { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "practice-svg", role: "img", "aria-label": label },
    s("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, class: "practice-sea" }),
  );
  if (shapes) svg.append(countryLayer(shapes, toScreen, style));
  return { svg, toScreen };
}

function dot(toScreen, card, role, text) {
  const [x, y] = toScreen([card.lon, card.lat]);
  const anchor = x > WIDTH * 0.7 ? "end" : "start";
  const dx = anchor === "end" ? -9 : 9;
  return s(
    "g",
    { class: `practice-dot ${role}`, "data-card": card.id, "data-role": role },
    s("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 6 }),
    s("text", { x: (x + dx).toFixed(1), y: (y + 4).toFixed(1), "text-anchor": anchor }, text),
    s("title", {}, text),
  );
}

// The reference's meridian (west-east) or parallel (north-south), dashed across the box.
function guide(toScreen, question, box) {
  const [west, south, east, north] = box;
  const ref = question.reference;
  const points = [];
  for (let i = 0; i <= 16; i += 1) {
    const f = i / 16;
    if (question.line === "west-east") points.push([ref.lon, south + (north - south) * f]);
    else if (question.line === "north-south") points.push([west + (east - west) * f, ref.lat]);
  }
  if (!points.length) return null;
  const d = points.map((p, i) => `${i ? "L" : "M"}${toScreen(p).map((v) => v.toFixed(1)).join(",")}`).join("");
  return s("path", { d, class: "practice-guide" });
}

// The answered question's cards at their true places; `shapes` is null until loaded.
export function answerMap(question, shapes) {
  const { card, reference } = question;
  const box = boxAround([[card.lon, card.lat], [reference.lon, reference.lat]], 8);
  const { svg, toScreen } = frame(box, shapes, () => ({ class: "practice-land" }), `${nameOf(card)} · ${nameOf(reference)}`);
  const line = guide(toScreen, question, box);
  if (line) svg.append(line);
  svg.append(dot(toScreen, reference, "reference", nameOf(reference)), dot(toScreen, card, "asked", nameOf(card)));
  return svg;
}

// The shade of a country by the share of wrong answers about its cards (0 to 1).
export function shade(share) {
  const light = Math.round(88 - share * 43);
  return `hsl(6 ${Math.round(35 + share * 40)}% ${light}%)`;
}

// The map of weak areas: `countries` maps a country code to its share wrong; `cards` are
// the memories answered ({lat, lon, box, wrong, name}).
export function weakMap(cards, countries, shapes, label) {
  const points = cards.map((m) => [m.lon, m.lat]);
  const box = boxAround(points.length ? points : [[10, 50]], 16);
  const style = (country) =>
    country.id in countries
      ? { class: "practice-land shaded", style: { fill: shade(countries[country.id]) }, "data-share": countries[country.id].toFixed(2) }
      : { class: "practice-land" };
  const { svg, toScreen } = frame(box, shapes, style, label);
  const order = [...cards].sort((a, b) => (a.box === 1) - (b.box === 1) || (a.wrong > 0) - (b.wrong > 0));
  for (const memory of order) {
    const [x, y] = toScreen([memory.lon, memory.lat]);
    const kind = memory.box === 1 ? "weak" : memory.wrong ? "learnt" : "sure";
    svg.append(
      s("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 3.5, class: `weak-dot ${kind}` }, s("title", {}, memory.name)),
    );
  }
  return svg;
}

export { loadShapes };
