// The moments a table waits after (a verdict, a scoring, a round's result): who has still
// to continue, the Continue button, and how long the table waits at the most.

import { h } from "./dom.js";
import { list, t } from "./i18n.js";
import { seatName } from "./seats.js";

// Whether this seat still has to continue after the state's moment.
export function mustContinue(state) {
  const pause = state.pause;
  return Boolean(pause && state.you !== null && pause.waiting.includes(state.you));
}

// The bar shown while the table waits: null when it does not.
export function momentBar(state, ctx) {
  const pause = state.pause;
  if (!pause) return null;
  const mine = mustContinue(state);
  const pressed = ctx.memory.continued === pause.version;
  const others = pause.waiting.filter((i) => i !== state.you || pressed).map((i) => seatName(state, i));
  return h(
    "section",
    { class: "panel moment-bar", id: "moment", "data-version": pause.version, "data-waiting": pause.waiting.join(",") },
    mine
      ? h(
          "button",
          {
            type: "button",
            class: "primary",
            id: "continue",
            disabled: pressed,
            onclick: () => ctx.continueMoment(pause.version),
          },
          t("moment.continue"),
        )
      : null,
    h("span", { class: "moment-wait" }, mine && !pressed ? t("moment.yours") : others.length ? t("moment.waiting", { names: list(others) }) : t("moment.seen")),
    h("span", { class: "moment-left muted", "data-until": pause.until }),
  );
}
