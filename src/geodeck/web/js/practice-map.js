// The small maps of practice: an answer's two cards at their true places, and the map of
// weak areas (countries shaded by the share of wrong answers, the cards as dots).

import { s } from "./dom.js";
import { EUROPE_BOX, boxAround, countryLayer, fit, inside, loadShapes } from "./geo.js";
import { nameOf } from "./i18n.js";
import { labelSize, placeLabels } from "./labels.js";

const WIDTH = 360;
const HEIGHT = 240;

// The lon/lat box [west, south, east, north] of [lon, lat] points.
export function boundsOf(points) {
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

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

// The two cards' dots, each named where its name covers no dot and no other name
// (labels.js); a name with no free place is left to the dot's tooltip.
function dots(toScreen, cards) {
  const size = labelSize(13, 15);
  const points = cards.map(([card, role]) => {
    const [x, y] = toScreen([card.lon, card.lat]);
    return { x, y, card, role, text: nameOf(card), size, weight: 700, gap: 9 };
  });
  const marks = points.map((p) => ({ x0: p.x - 7, x1: p.x + 7, y0: p.y - 7, y1: p.y + 7 }));
  const named = new Map(placeLabels(points, marks, WIDTH, HEIGHT).map((p) => [p.role, p]));
  return points.map((p) => {
    const label = named.get(p.role);
    return s(
      "g",
      { class: `practice-dot ${p.role}`, "data-card": p.card.id, "data-role": p.role },
      s("circle", { cx: p.x.toFixed(1), cy: p.y.toFixed(1), r: 6 }),
      label &&
        s(
          "text",
          { x: label.cx.toFixed(1), y: label.cy.toFixed(1), "text-anchor": "middle", "dominant-baseline": "central", style: { fontSize: `${size}px` } },
          p.text,
        ),
      s("title", {}, p.text),
    );
  });
}

// The reference's meridian (west-east) or parallel (north-south), dashed across the box.
function guide(toScreen, question, box) {
  const [west, south, east, north] = box;
  const ref = question.reference;
  const points = [];
  for (let i = 0; i <= 32; i += 1) {
    const f = i / 32;
    const lat = Math.max(-85, south - 40) + (Math.min(85, north + 40) - Math.max(-85, south - 40)) * f;
    const lon = west - 60 + (east - west + 120) * f;
    if (question.line === "west-east") points.push([ref.lon, lat]);
    else if (question.line === "north-south") points.push([lon, ref.lat]);
  }
  const seen = points.filter(toScreen.visible);
  if (seen.length < 2) return null;
  const d = seen.map((p, i) => `${i ? "L" : "M"}${toScreen(p).map((v) => v.toFixed(1)).join(",")}`).join("");
  return s("path", { d, class: "practice-guide" });
}

// The answered question's cards at their true places; `shapes` is null until loaded.
export function answerMap(question, shapes) {
  const { card, reference } = question;
  const box = boxAround([[card.lon, card.lat], [reference.lon, reference.lat]], 8);
  const { svg, toScreen } = frame(box, shapes, () => ({ class: "practice-land" }), `${nameOf(card)} · ${nameOf(reference)}`);
  const line = guide(toScreen, question, box);
  if (line) svg.append(line);
  svg.append(...dots(toScreen, [[card, "asked"], [reference, "reference"]]));
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
