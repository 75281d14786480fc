// The turn's prompt (place the drawn card, accept or challenge, guess at a scoring) and the
// verdict of the last challenge.

import { h, touchScreen } from "../dom.js";
import { nameOf, t } from "../i18n.js";
import { seatName } from "../seats.js";
import { cardFace, whereText } from "./cards.js";
import { ruleSentence } from "./verdict.js";

function lastChallenge(view) {
  const history = view.history;
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const event = history[i];
    if (event.event === "place" || event.event === "scoring") return null;
    if (event.event === "judge") {
      let challenger = null;
      let placer = null;
      let line = null;
      let at = null;
      for (let j = i - 1; j >= 0; j -= 1) {
        if (history[j].event === "challenge" && challenger === null) challenger = history[j].seat;
        if (history[j].event === "place") {
          placer = history[j].seat;
          line = history[j].line;
          at = history[j].at;
          break;
        }
      }
      const ids = view.lines[line] || [];
      const against = ids.indexOf(event.against);
      // Where the card went from the one it was judged against (the line may have lost it since).
      const placedBefore = against === -1 ? null : at <= against;
      return { ...event, index: i, challenger, placer, line, placedBefore };
    }
  }
  return null;
}

// The index in the history of the last verdict, while it is the latest thing that happened.
export function lastVerdict(view) {
  const result = lastChallenge(view);
  return result ? result.index : null;
}

export function verdictPanel(state, ctx) {
  const view = state.view;
  const result = lastChallenge(view);
  if (!result) return null;
  // Cards turn over (and a wrong one leaves) once, when the verdict comes, not on every render.
  const turning = ctx.memory.verdictIndex === result.index && Date.now() - ctx.memory.verdictAt < 2500;
  const flip = (id) => cardFace(view, id, { flipped: true, line: result.line, extra: [id === result.card ? "challenged" : "reference"] });
  return h(
    "section",
    { class: ["panel", "verdict", result.right ? "right" : "wrong", turning ? "turning" : "settled"], id: "verdict", "data-right": String(result.right) },
    h("h3", {}, t("verdict.title", { name: seatName(state, result.challenger), card: nameOf(view.cards[result.against]) })),
    h("div", { class: "verdict-cards" }, flip(result.card), h("span", { class: "versus" }, "⇄"), flip(result.against)),
    h(
      "p",
      { class: "verdict-text" },
      h("strong", { class: "verdict-rule", id: "verdict-rule" }, ruleSentence(state, result)),
      h("br"),
      h("span", { class: "verdict-mark" }, result.right ? "✓ " : "✗ "),
      result.right
        ? t("verdict.right", { card: nameOf(view.cards[result.card]), placer: seatName(state, result.placer) })
        : t("verdict.wrong", { card: nameOf(view.cards[result.card]), challenger: seatName(state, result.challenger) }),
    ),
  );
}

export function placePrompt(state, ctx) {
  const view = state.view;
  if (!view.current) return null;
  const mine = state.legal.some((a) => a.act === "place");
  const drawer = view.turn;
  return h(
    "section",
    { class: ["panel", "prompt", mine && "your-turn"], id: "prompt", "data-phase": "place" },
    h(
      "div",
      { class: "drawn" },
      h("div", { class: "drawn-label" }, mine ? t("cross.yourCard") : t("cross.drawn", { name: seatName(state, drawer) })),
      h("div", { class: "drawn-card", id: "drawn-card" }, cardFace(view, view.current, { extra: ["big"] })),
    ),
    h(
      "p",
      { class: "prompt-text" },
      mine
        ? t(touchScreen() ? "cross.tapHint" : "cross.placeHint")
        : t(state.pause ? "moment.next" : "cross.waitPlace", { name: seatName(state, drawer) }),
    ),
  );
}

export function respondPrompt(state, ctx) {
  const view = state.view;
  const placed = view.placed;
  if (!placed) return null;
  const card = nameOf(view.cards[placed.card]);
  const where = whereText(view, placed.line, placed.at, false);
  const mine = state.legal.some((a) => a.act === "accept" || a.act === "challenge");
  const ids = view.lines[placed.line];
  const arrows = { "west-east": ["←", "→"], "north-south": ["↓", "↑"], column: ["↓", "↑"] }[placed.line];
  const buttons = mine
    ? [
        ...state.legal
          .filter((a) => a.act === "challenge")
          .map((a) => {
            const before = ids.indexOf(a.against) < placed.at;
            return h(
              "button",
              {
                type: "button",
                class: "challenge",
                "data-act": "challenge",
                "data-against": a.against,
                "data-side": before ? "before" : "after",
                onclick: () => ctx.act(a),
                onmouseenter: () => mark(ctx, a.against, true),
                onmouseleave: () => mark(ctx, a.against, false),
                onfocus: () => mark(ctx, a.against, true),
                onblur: () => mark(ctx, a.against, false),
              },
              before ? `${arrows[0]} ` : null,
              t("respond.challenge", { card: nameOf(view.cards[a.against]) }),
              before ? null : ` ${arrows[1]}`,
            );
          })
          .sort((a, b) => (a.dataset.side === "before" ? -1 : 1) - (b.dataset.side === "before" ? -1 : 1)),
        h(
          "button",
          {
            type: "button",
            class: "accept primary",
            "data-act": "accept",
            onclick: () => ctx.act(state.legal.find((a) => a.act === "accept")),
          },
          "✓ ",
          t("respond.accept"),
        ),
      ]
    : [];
  const waiting = state.expects.seats.map((i) => seatName(state, i));
  return h(
    "section",
    { class: ["panel", "prompt", mine && "your-turn"], id: "prompt", "data-phase": "respond" },
    h("p", { class: "prompt-title" }, t("respond.title", { name: seatName(state, placed.by), card, where })),
    mine
      ? [h("p", { class: "prompt-text" }, t("respond.question")), h("div", { class: "choices" }, buttons)]
      : h("p", { class: "prompt-text" }, t("respond.wait", { name: waiting.join(", ") })),
  );
}

function mark(ctx, id, on) {
  const el = ctx.root.querySelector(`.board [data-card="${CSS.escape(id)}"]`);
  if (el) el.classList.toggle("target", on);
}

export function guessPrompt(state, ctx) {
  const view = state.view;
  const guessing = view.guessing;
  if (!guessing) return null;
  const mine = state.legal.some((a) => a.act === "guess");
  const total = state.seats.length;
  const title = guessing.final ? t("guess.final") : t("guess.interim");
  let form = null;
  const memory = ctx.memory;
  // The page's own refusal outlives a re-render (another seat's guess, a clock tick) and
  // goes when the seat types, sends, or is no longer asked.
  if (!mine) memory.guessProblem = "";
  if (mine) {
    const input = h("input", {
      type: "number",
      id: "guess-input",
      min: 0,
      max: guessing.most,
      step: 1,
      inputMode: "numeric",
      value: memory.guess ?? "",
      "data-focus": "guess",
      "aria-label": t("guess.range", { most: guessing.most }),
      "aria-invalid": memory.guessProblem ? "true" : null,
      oninput: (event) => {
        memory.guess = event.target.value;
        memory.guessProblem = "";
        problem.hidden = true;
        input.removeAttribute("aria-invalid");
      },
    });
    const problemText = (kind) => (kind ? t(kind === "empty" ? "guess.empty" : "guess.outOfRange", { most: guessing.most }) : "");
    const problem = h("p", { class: "guess-error", id: "guess-error", role: "alert", hidden: !memory.guessProblem }, problemText(memory.guessProblem));
    form = h(
      "form",
      {
        class: "guess-form",
        novalidate: true,
        onsubmit: (event) => {
          event.preventDefault();
          const text = input.value.trim();
          const wrong = /^\d+$/.test(text) ? Number(text) : null;
          const action = wrong === null ? null : state.legal.find((a) => a.act === "guess" && a.wrong === wrong);
          if (!action) {
            memory.guessProblem = text === "" ? "empty" : "outOfRange";
            problem.textContent = problemText(memory.guessProblem);
            problem.hidden = false;
            input.setAttribute("aria-invalid", "true");
            input.focus();
            return;
          }
          memory.guess = "";
          memory.guessProblem = "";
          ctx.act(action);
        },
      },
      input,
      h("span", { class: "muted" }, t("guess.range", { most: guessing.most })),
      h("button", { type: "submit", class: "primary", id: "guess-send" }, t("guess.send")),
      problem,
    );
  }
  return h(
    "section",
    { class: ["panel", "prompt", "guess", mine && "your-turn"], id: "prompt", "data-phase": "guess" },
    h("h3", {}, title),
    mine ? h("p", { class: "prompt-text" }, t("guess.prompt")) : null,
    form,
    guessing.mine !== null && guessing.mine !== undefined ? h("p", { class: "mine", id: "my-guess" }, "🔒 ", t("guess.mine", { n: guessing.mine })) : null,
    h(
      "p",
      { class: "guess-progress" },
      t("guess.progress", { done: guessing.done.length, total }),
      " ",
      state.seats.map((seat) =>
        h("span", { class: ["guessed", guessing.done.includes(seat.seat) && "done"], title: seat.name }, guessing.done.includes(seat.seat) ? "●" : "○"),
      ),
    ),
  );
}
