// Undercover in Europa: the board (a map of Europe and the country cards), the round's
// questions, the hider's answers, the seekers' stones, the commitment and the score sheet.

import { sha256 } from "./deal.js";
import { h, s } from "./dom.js";
import { flag } from "./flags.js";
import { countryLayer, fit, loadShapes } from "./geo.js";
import { lang, nameOf, number, t } from "./i18n.js";
import { historyPanel } from "./log.js";
import { seatBadge, seatColour, seatName } from "./seats.js";

const COLOURS = {
  nordic: "#2f6fb3",
  west: "#c8453b",
  southwest: "#e0a030",
  central: "#4f9a4a",
  balkans: "#8a62b8",
  east: "#7a6248",
};
const ANSWERS = ["yes", "probably", "not_sure", "probably_not", "no"];
const BOARD_BOX = [-24, 34, 45, 71];
const MAP_W = 640;
const MAP_H = 560;

let europe = null;
let loading = null;

function shapesNow(ctx) {
  if (europe) return europe;
  if (!loading) {
    loading = loadShapes("europe").then((shapes) => {
      europe = shapes;
      if (ctx.rerender) ctx.rerender();
      return shapes;
    });
  }
  return null;
}

function colourOf(country) {
  if (typeof country.hex === "string") return country.hex;
  if (typeof country.colour_hex === "string") return country.colour_hex;
  if (COLOURS[country.colour]) return COLOURS[country.colour];
  let hash = 0;
  for (const c of String(country.colour)) hash = (hash * 31 + c.charCodeAt(0)) % 360;
  return `hsl(${hash} 45% 50%)`;
}

function randomSalt() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The commitment check at a round's end: SHA-256 of COUNTRY:SALT, computed here.
function verified(ctx, result) {
  const memory = ctx.memory;
  memory.verify = memory.verify || {};
  const key = `${result.country}:${result.salt}`;
  if (!(key in memory.verify)) {
    memory.verify[key] = null;
    if (crypto.subtle) {
      sha256(key).then((hash) => {
        memory.verify[key] = hash === String(result.commitment).toLowerCase();
        if (ctx.rerender) ctx.rerender();
      });
    }
  }
  return memory.verify[key];
}

function remember(ctx, view) {
  const known = (ctx.memory.countries = ctx.memory.countries || {});
  for (const country of view.layout) known[country.id] = country;
  return known;
}

function countryName(ctx, id) {
  const known = ctx.memory.countries || {};
  if (known[id]) return nameOf(known[id]);
  const shape = europe && europe.byId.get(id);
  return shape ? shape.name : id;
}

// -- what this seat may do ----------------------------------------------------------------

function choices(state, ctx) {
  const legal = state.legal;
  const kind = state.expects.kind;
  const out = { kind: null, countries: new Set(), size: null };
  if (!legal.length) return out;
  if (kind === "hide") {
    out.kind = "hide";
    for (const a of legal) if (a.act === "hide") out.countries.add(a.country);
  } else if (kind === "stone") {
    out.kind = "stone";
    const sizes = new Set(legal.filter((a) => a.act === "stone").map((a) => a.size));
    let size = ctx.memory.size;
    if (!sizes.has(size)) size = sizes.has("small") ? "small" : sizes.has("large") ? "large" : null;
    ctx.memory.size = size;
    out.size = size;
    for (const a of legal) if (a.act === "stone" && a.size === size) out.countries.add(a.country);
  } else {
    out.kind = kind;
  }
  return out;
}

function pickCountry(state, ctx, can, id) {
  if (!can.countries.has(id)) return;
  if (can.kind === "hide") {
    ctx.memory.hidePick = id;
    ctx.rerender();
  } else if (can.kind === "stone") {
    const action = state.legal.find((a) => a.act === "stone" && a.country === id && a.size === can.size);
    if (action) ctx.act(action);
  }
}

// -- the board ------------------------------------------------------------------------------

function stonesOn(view, id) {
  return (view.stones && view.stones[id]) || [];
}

function stoneDots(stones) {
  return stones.map((stone) =>
    h("span", {
      class: ["stone", stone.size === "large" && "large"],
      style: { background: seatColour(stone.seat) },
      title: stone.size,
      "data-seat": stone.seat,
      "data-size": stone.size,
    }),
  );
}

function countryCard(state, ctx, can, country) {
  const view = state.view;
  const id = country.id;
  const hidden = view.hidden && view.hidden.country === id;
  const picked = ctx.memory.hidePick === id && can.kind === "hide";
  const open = can.countries.has(id);
  const stones = stonesOn(view, id);
  const rank = (n) => (n ? h("span", { class: "rank" }, t("uc.rank", { n })) : null);
  const body = [
    h("span", { class: "cc-band" }, flag(country), h("span", { class: "cc-name" }, nameOf(country))),
    h(
      "span",
      { class: "cc-body" },
      country.capital
        ? h("span", { class: "cc-row" }, h("span", { class: "cc-key" }, t("uc.capital")), h("span", { class: "cc-val" }, country[`capital_${lang()}`] || country.capital))
        : null,
      country.area !== undefined
        ? h("span", { class: "cc-row" }, h("span", { class: "cc-key" }, t("uc.area")), h("span", { class: "cc-val" }, `${number(country.area, country.area < 10 ? 2 : 0)} km²`, rank(country.area_rank)))
        : null,
      country.population !== undefined
        ? h("span", { class: "cc-row" }, h("span", { class: "cc-key" }, t("uc.population")), h("span", { class: "cc-val" }, number(country.population), rank(country.population_rank)))
        : null,
    ),
    country.vehicle ? h("span", { class: "vehicle", title: "vehicle" }, country.vehicle) : null,
    h("span", { class: "cc-stones" }, stoneDots(stones)),
    hidden ? h("span", { class: "cc-hidden" }, "🕵") : null,
  ];
  const attrs = {
    class: ["country-card", open && "open", hidden && "hidden-here", picked && "picked"],
    style: { "--colour": colourOf(country) },
    "data-country": id,
    "data-open": String(open),
  };
  if (open) {
    return h(
      "button",
      {
        ...attrs,
        type: "button",
        "data-focus": `country:${id}`,
        "aria-label": can.kind === "hide" ? t("uc.hide", { country: nameOf(country) }) : t("uc.placeOn", { country: nameOf(country) }),
        onclick: () => pickCountry(state, ctx, can, id),
      },
      body,
    );
  }
  return h("div", attrs, body);
}

function boardMap(state, ctx, can) {
  const view = state.view;
  const shapes = shapesNow(ctx);
  const svg = s("svg", { class: "europe-map", viewBox: `0 0 ${MAP_W} ${MAP_H}`, role: "img", "aria-label": "Europe" });
  svg.append(s("rect", { class: "sea", x: 0, y: 0, width: MAP_W, height: MAP_H }));
  if (!shapes) return svg;
  const project = fit(BOARD_BOX, MAP_W, MAP_H, 0);
  const laid = new Map(view.layout.map((c) => [c.id, c]));
  const hiddenId = view.hidden ? view.hidden.country : null;
  svg.append(
    countryLayer(shapes, project, (shape) => {
      const card = laid.get(shape.id);
      if (!card) return { class: "land" };
      const open = can.countries.has(shape.id);
      return {
        class: ["land", "laid", open && "open", shape.id === hiddenId && "hidden-here"].filter(Boolean).join(" "),
        style: { fill: colourOf(card) },
      };
    }),
  );
  const marks = s("g", { class: "marks" });
  for (const card of view.layout) {
    const shape = shapes.byId.get(card.id);
    if (!shape) continue;
    const [x, y] = project(shape.label);
    const small = isTiny(shape, project);
    const open = can.countries.has(card.id);
    const mark = s("g", { class: ["mark", open && "open", card.id === hiddenId && "hidden-here"].filter(Boolean).join(" "), "data-country": card.id, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` });
    if (small) mark.append(s("circle", { class: "micro", r: 6, fill: colourOf(card) }));
    mark.append(s("text", { class: "code", y: small ? -9 : 0, "text-anchor": "middle" }, card.vehicle || card.id));
    const stones = stonesOn(view, card.id);
    stones.forEach((stone, i) => {
      const angle = (i / Math.max(6, stones.length)) * Math.PI * 2 - Math.PI / 2;
      const radius = 13;
      mark.append(
        s("circle", {
          class: `map-stone ${stone.size}`,
          cx: (Math.cos(angle) * radius).toFixed(1),
          cy: (Math.sin(angle) * radius + 4).toFixed(1),
          r: stone.size === "large" ? 5.5 : 3.8,
          fill: seatColour(stone.seat),
        }),
      );
    });
    marks.append(mark);
  }
  svg.append(marks);
  svg.addEventListener("click", (event) => {
    const target = event.target.closest("[data-country]");
    if (target) pickCountry(state, ctx, can, target.dataset.country);
  });
  return svg;
}

function isTiny(shape, project) {
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const ring of shape.rings) {
    for (const point of ring) {
      const [x, y] = project(point);
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  return x1 - x0 < 9 && y1 - y0 < 9;
}

// -- the prompt -----------------------------------------------------------------------------

/** The question as read aloud, in the page's language where the card has that text. */
function questionText(question) {
  return (question.translations || {})[lang()] || question.reads || question.text;
}

function questionCard(state, question, { big = false } = {}) {
  if (!question) return null;
  return h(
    "div",
    { class: ["question-card", big && "big", `about-${question.about}`], "data-question": question.number },
    h("span", { class: "q-number" }, t("uc.question", { n: question.number })),
    h("span", { class: "q-text" }, questionText(question)),
    h("span", { class: "q-reader" }, t("uc.readBy", { name: seatName(state, question.reader) })),
    question.answer ? h("span", { class: `answer-chip answer-${question.answer}` }, t(`answer.${question.answer}`)) : null,
  );
}

function promptPanel(state, ctx, can) {
  const view = state.view;
  const waitingFor = state.expects.seats.map((i) => seatName(state, i));
  const parts = [];
  const mine = can.kind !== null;
  if (view.phase === "hide") {
    if (mine) {
      const pick = ctx.memory.hidePick && can.countries.has(ctx.memory.hidePick) ? ctx.memory.hidePick : null;
      parts.push(h("p", { class: "prompt-text" }, t("uc.hidePrompt")));
      if (pick) {
        parts.push(
          h(
            "button",
            {
              type: "button",
              class: "primary big",
              id: "hide-confirm",
              onclick: () => {
                const action = state.legal.find((a) => a.act === "hide" && a.country === pick);
                if (!action) return;
                ctx.memory.hidePick = null;
                ctx.act({ ...action, salt: randomSalt() });
              },
            },
            "🕵 ",
            t("uc.hide", { country: countryName(ctx, pick) }),
          ),
        );
      }
    } else {
      parts.push(h("p", { class: "prompt-text" }, t("uc.waitHide", { name: waitingFor.join(", ") })));
    }
  } else if (view.question) {
    parts.push(questionCard(state, view.question, { big: true }));
    if (view.phase === "name") {
      if (mine) {
        parts.push(
          h("p", { class: "prompt-text" }, t("uc.namePrompt")),
          h(
            "div",
            { class: "choices" },
            state.legal
              .filter((a) => a.act === "name")
              .map((a) => h("button", { type: "button", class: "primary", "data-act": "name", "data-seeker": a.seeker, onclick: () => ctx.act(a) }, seatName(state, a.seeker))),
          ),
        );
      } else {
        parts.push(h("p", { class: "prompt-text" }, t("uc.waitName", { name: waitingFor.join(", ") })));
      }
    } else if (view.phase === "answer") {
      if (mine) {
        const hint = view.question.hint;
        parts.push(
          h("p", { class: "prompt-text" }, t("uc.answerPrompt")),
          hint ? h("p", { class: "hint", id: "hint" }, "📊 ", t("uc.hint", { answer: t(`answer.${hint}`) })) : null,
          h(
            "div",
            { class: "choices answers" },
            ANSWERS.map((answer) => state.legal.find((a) => a.act === "answer" && a.answer === answer))
              .filter(Boolean)
              .map((a) =>
                h(
                  "button",
                  { type: "button", class: ["answer-button", `answer-${a.answer}`, hint === a.answer && "hinted"], "data-act": "answer", "data-answer": a.answer, onclick: () => ctx.act(a) },
                  t(`answer.${a.answer}`),
                ),
              ),
          ),
        );
      } else {
        parts.push(h("p", { class: "prompt-text" }, t("uc.waitAnswer", { name: waitingFor.join(", ") })));
      }
    } else if (view.phase === "stone") {
      if (mine) {
        const me = view.seats[state.you];
        const sizes = new Set(state.legal.filter((a) => a.act === "stone").map((a) => a.size));
        const sizeButton = (size, label) =>
          h(
            "button",
            {
              type: "button",
              class: ["size", can.size === size && "active"],
              "data-size": size,
              disabled: !sizes.has(size),
              "aria-pressed": String(can.size === size),
              onclick: () => {
                ctx.memory.size = size;
                ctx.rerender();
              },
            },
            h("span", { class: ["stone", size === "large" && "large"], style: { background: seatColour(state.you) } }),
            label,
          );
        const pass = state.legal.find((a) => a.act === "pass");
        parts.push(
          h("p", { class: "prompt-text" }, t("uc.stonePrompt")),
          h(
            "div",
            { class: "choices" },
            sizeButton("small", t("uc.small")),
            sizeButton("large", t("uc.large")),
            pass ? h("button", { type: "button", class: "ghost", "data-act": "pass", onclick: () => ctx.act(pass) }, t("uc.pass")) : null,
          ),
          h("p", { class: "muted" }, t("uc.left", { small: me.small, large: me.large })),
        );
      } else {
        parts.push(h("p", { class: "prompt-text" }, t("uc.waitStones", { names: waitingFor.join(", ") })));
      }
    }
  }
  if (!parts.length) return null;
  return h("section", { class: ["panel", "prompt", mine && "your-turn"], id: "prompt", "data-phase": view.phase }, parts);
}

// -- the round's facts ----------------------------------------------------------------------

function roundBar(state, ctx) {
  const view = state.view;
  const undercover = view.undercover;
  const role = state.you === undercover ? t("uc.youUndercover") : t("uc.isUndercover", { name: seatName(state, undercover) });
  const hidden = view.hidden ? h("span", { class: "hidden-in", id: "hidden-in" }, "🕵 ", t("uc.hiddenIn", { country: countryName(ctx, view.hidden.country) })) : null;
  return h(
    "div",
    { class: "round-bar" },
    h("span", { class: "round-no" }, t("uc.round", { n: view.round, total: view.rounds })),
    h("span", { class: "role" }, role),
    hidden,
    view.commitment
      ? h("span", { class: "commitment", title: view.commitment, id: "commitment" }, `🔒 ${t("uc.commitment")} `, h("code", {}, `${view.commitment.slice(0, 10)}…`))
      : null,
    h("span", { class: "muted" }, t("uc.questionsLeft", { n: view.questions_left })),
  );
}

function lastResult(state, ctx) {
  const view = state.view;
  const results = view.results || [];
  if (!results.length) return null;
  const last = results[results.length - 1];
  const fresh = view.phase === "hide" || view.phase === "finished" || (view.questions.length <= 1 && view.round === last.round + 1);
  if (!fresh) return null;
  const ok = verified(ctx, last);
  const shape = { id: last.country };
  return h(
    "section",
    { class: "panel round-result", id: "round-result" },
    h(
      "p",
      { class: "result-line" },
      flag(shape),
      " ",
      h("strong", {}, t("uc.wasIn", { name: seatName(state, last.undercover), country: countryName(ctx, last.country) })),
      " — ",
      last.discovered ? t("uc.discovered", { n: last.asked }) : t("uc.notDiscovered"),
    ),
    h(
      "p",
      { class: "verify" },
      `${t("uc.commitment")}: `,
      h("code", {}, `sha256("${last.country}:${last.salt}")`),
      " ",
      h("span", { class: ["check", ok === true && "ok", ok === false && "bad"], id: "commit-check", "data-ok": String(ok) }, ok === null ? t("uc.checking") : ok ? `✓ ${t("uc.verified")}` : `✗ ${t("uc.mismatch")}`),
    ),
  );
}

function questionsPanel(state) {
  const view = state.view;
  return h(
    "section",
    { class: "panel questions", id: "questions" },
    h("h3", {}, t("uc.questions")),
    view.questions.length
      ? h("ol", { class: "question-list" }, view.questions.map((q) => h("li", {}, questionCard(state, q))).reverse())
      : h("p", { class: "muted" }, t("uc.noQuestions")),
  );
}

function scoreSheet(state, ctx) {
  const view = state.view;
  const results = view.results || [];
  return h(
    "section",
    { class: "panel sheet", id: "score-sheet" },
    h("h3", {}, t("uc.sheet")),
    h(
      "div",
      { class: "sheet-scroll" },
      h(
        "table",
        { class: "score-sheet" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", {}, ""),
            view.seats.map((seat) => h("th", {}, seatBadge(state, seat.seat))),
          ),
        ),
        h(
          "tbody",
          {},
          results.map((result) => {
            const ok = verified(ctx, result);
            return h(
              "tr",
              { "data-round": result.round },
              h(
                "th",
                { title: `${countryName(ctx, result.country)} — ${result.commitment}` },
                t("uc.roundShort", { n: result.round }),
                " ",
                flag({ id: result.country }),
                ok === true ? h("span", { class: "check ok" }, " ✓") : ok === false ? h("span", { class: "check bad" }, " ✗") : null,
              ),
              result.points.map((points, seat) => h("td", { class: ["num", seat === result.undercover && "undercover"] }, seat === result.undercover ? "🕵" : String(points))),
            );
          }),
        ),
        h(
          "tfoot",
          {},
          h(
            "tr",
            {},
            h("th", {}, t("uc.total")),
            view.seats.map((seat) => h("td", { class: "num total", "data-seat": seat.seat }, String(seat.score))),
          ),
          h(
            "tr",
            { class: "stones-left" },
            h("th", {}, t("uc.stones")),
            view.seats.map((seat) =>
              h(
                "td",
                { class: "num" },
                seat.seat === view.undercover && view.phase !== "finished"
                  ? "🕵"
                  : [
                      ...Array.from({ length: seat.small }, () => h("span", { class: "stone", style: { background: seatColour(seat.seat) } })),
                      ...Array.from({ length: seat.large }, () => h("span", { class: "stone large", style: { background: seatColour(seat.seat) } })),
                    ],
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

export function renderUndercover(root, state, ctx) {
  const view = state.view;
  remember(ctx, view);
  const can = choices(state, ctx);
  const title = h("h1", { class: "game-heading" }, view.title, h("small", {}, t(`variant.${view.variant}`)));
  const cards = h("div", { class: ["country-cards", `n${view.layout.length}`], id: "countries" }, view.layout.map((c) => countryCard(state, ctx, can, c)));
  root.append(
    h(
      "div",
      { class: ["uc-layout", can.kind && `can-${can.kind}`] },
      h("div", { class: "uc-head" }, title, roundBar(state, ctx)),
      lastResult(state, ctx),
      promptPanel(state, ctx, can),
      h("section", { class: "uc-board", id: "board" }, h("div", { class: "map-frame" }, boardMap(state, ctx, can)), cards),
      h("div", { class: "uc-bottom" }, questionsPanel(state), scoreSheet(state, ctx), historyPanel(state, ctx.memory)),
    ),
  );
}
