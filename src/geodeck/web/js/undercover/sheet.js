// The round's facts (round, role, commitment), the last round's result with its check, the
// round's questions and the score sheet.

import { h } from "../dom.js";
import { flag } from "../flags.js";
import { t } from "../i18n.js";
import { seatBadge, seatColour, seatName } from "../seats.js";
import { countryIn, countryName, verified } from "./notes.js";
import { questionCard } from "./prompt.js";

export function roundBar(state, ctx) {
  const view = state.view;
  const undercover = view.undercover;
  const role = state.you === undercover ? t("uc.youUndercover") : t("uc.isUndercover", { name: seatName(state, undercover) });
  const hidden = view.hidden ? h("span", { class: "hidden-in", id: "hidden-in" }, "🕵 ", t("uc.hiddenIn", { place: countryIn(ctx, view.hidden.country) })) : null;
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

export function lastResult(state, ctx) {
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
      h("strong", {}, t("uc.wasIn", { name: seatName(state, last.undercover), place: countryIn(ctx, last.country) })),
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

export function questionsPanel(state) {
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

export function scoreSheet(state, ctx) {
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
