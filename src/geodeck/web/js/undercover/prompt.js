// The Undercover prompt: hide, name the seeker X, answer a question, place a stone or pass.

import { h } from "../dom.js";
import { lang, t } from "../i18n.js";
import { seatColour, seatName } from "../seats.js";
import { countryIn } from "./notes.js";

const ANSWERS = ["yes", "probably", "not_sure", "probably_not", "no"];

function randomSalt() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The question as read aloud, in the page's language where the card has that text. */
function questionText(question) {
  return (question.translations || {})[lang()] || question.reads || question.text;
}

export function questionCard(state, question, { big = false } = {}) {
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

export function promptPanel(state, ctx, can) {
  const view = state.view;
  const waitingFor = state.expects.seats.map((i) => seatName(state, i));
  const parts = [];
  const mine = can.kind !== null;
  if (state.pause && !mine) {
    // The table waits after the round's result: nobody moves until everyone continued.
    return h("section", { class: "panel prompt", id: "prompt", "data-phase": "paused" }, h("p", { class: "prompt-text" }, t("moment.next", { name: waitingFor.join(", ") })));
  }
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
            t("uc.hide", { place: countryIn(ctx, pick) }),
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
