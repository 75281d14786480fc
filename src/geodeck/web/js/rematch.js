// Playing a finished table again (docs/protocol.md, Rematch): "Play again" asks the server
// for the rematch; when it exists (a `rematch` message, or the table info of a finished
// table) the seat's token is copied to the new code, so "Join the rematch" only opens it.

import { rematchTable } from "./api.js";
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { keepSeat, seatFor } from "./store.js";

// The rematch exists: remember it, and keep this browser's seat there too (same token).
export function noteRematch(ctx, again) {
  if (!again || ctx.rematch === again) return;
  ctx.rematch = again;
  const seat = seatFor(ctx.code);
  if (seat && ctx.state && ctx.state.you === seat.seat && !seatFor(again)) keepSeat(again, seat.seat, seat.token);
}

// Open another table in this page (main.js routes on the address).
function open(code) {
  history.pushState({}, "", `/?table=${encodeURIComponent(code)}`);
  window.dispatchEvent(new PopStateEvent("popstate"));
}

async function playAgain(ctx, button) {
  const seat = seatFor(ctx.code);
  if (!seat) return;
  button.disabled = true;
  try {
    const made = await rematchTable(ctx.code, seat.token);
    noteRematch(ctx, made.rematch);
    open(made.rematch);
  } catch (error) {
    button.disabled = false;
    toast(t("error.generic", { message: error.message }), "error");
  }
}

// The endgame's rematch block: "Play again" before anyone asked, then "Join the rematch"
// (or "Watch the rematch" for a spectator).
export function rematchPanel(state, ctx) {
  const seated = state.you !== null && seatFor(ctx.code);
  if (ctx.rematch) {
    return h(
      "div",
      { class: "rematch rematch-ready", id: "rematch", "data-code": ctx.rematch },
      h("p", { class: "rematch-note" }, "🔁 ", t(seated ? "rematch.offer" : "rematch.offerWatch")),
      h(
        "button",
        { type: "button", class: "primary big", id: "rematch-join", onclick: () => open(ctx.rematch) },
        t(seated ? "rematch.join" : "rematch.watch"),
      ),
    );
  }
  if (!seated) return null;
  const button = h("button", { type: "button", class: "primary big", id: "rematch-offer" }, "🔁 ", t("rematch.again"));
  button.addEventListener("click", () => playAgain(ctx, button));
  return h("div", { class: "rematch", id: "rematch" }, h("p", { class: "rematch-note" }, t("rematch.hint")), button);
}
