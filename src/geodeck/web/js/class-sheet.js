// The class's results sheet as the teacher sees it, and what the class is doing now.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export function assignmentText(assignment) {
  if (!assignment) return t("class.noAssignment");
  if (assignment.kind === "practice") {
    const mode = t(`class.mode.${assignment.mode}`);
    return assignment.region ? t("class.nowPracticeRegion", { mode, region: assignment.region }) : t("class.nowPractice", { mode });
  }
  return t("class.nowGames", { n: assignment.tables.length });
}

export function sheetTable(pupils) {
  if (!pupils.length) return h("p", { class: "class-empty" }, t("class.noPupils"));
  const heads = ["name", "answers", "right", "streak", "games", "placements", "challenges", "weak"];
  return h(
    "div",
    { class: "class-sheet-wrap" },
    h(
      "table",
      { class: "class-sheet", id: "class-sheet" },
      h("thead", {}, h("tr", {}, heads.map((key) => h("th", { scope: "col" }, t(`class.col.${key}`))))),
      h(
        "tbody",
        {},
        pupils.map((row) =>
          h(
            "tr",
            { "data-pupil": row.pupil },
            h("th", { scope: "row" }, row.name),
            h("td", { "data-col": "answers" }, String(row.answers)),
            h("td", { "data-col": "right" }, String(row.right)),
            h("td", { "data-col": "streak" }, String(row.best_streak)),
            h("td", { "data-col": "games" }, t("class.gamesWon", { n: row.games, won: row.won })),
            h("td", { "data-col": "placements" }, `${row.placements_right} / ${row.placed}`),
            h("td", { "data-col": "challenges" }, `${row.challenges_won} / ${row.challenges_made}`),
            h("td", { "data-col": "weak" }, row.weak_areas.join(", ") || "–"),
          ),
        ),
      ),
    ),
  );
}
