// Playing a finished table again (docs/protocol.md, Rematch): "Play again" asks the server
// for the rematch; when it exists (a `rematch` message, or the table info of a finished
// table) the seat's token is copied to the new code, so "Join the rematch" only opens it.

import { rematchTable } from "./api.js";
import { h, toast } from "./dom.js";
import { list, t } from "./i18n.js";
import { keepSeat, seatFor } from "./store.js";

// The rematch exists: remember it, and keep this browser's seat there too (same token).
export function noteRematch(ctx, again) {
  if (!again || ctx.rematch === again) return;
  ctx.rematch = again;
  const seat = seatFor(ctx.code);
  if (seat && ctx.state && ctx.state.you === seat.seat && !seatFor(again)) keepSeat(again, seat.seat, seat.token);
}

// Open another table in this page (main.js routes on the address); the address's history
// entry remembers it is a rematch.
function open(code) {
  history.pushState({ rematch: true }, "", `/?table=${encodeURIComponent(code)}`);
  window.dispatchEvent(new PopStateEvent("popstate"));
}

// The top bar's word for the table: while a rematch waits for its players, whom it awaits.
export function statusWord(state) {
  if (!state.gathering) return t(`status.${state.status}`);
  return t("status.gathering", { names: list(state.gathering.seats.map((i) => state.seats[i].name)) });
}

// A rematch's table waits for its players (the state's `gathering`): nobody is asked to
// move; the page says whom it waits for, how they come, and when it starts without them.
export function gatheringPanel(state) {
  const waited = state.gathering.seats;
  const names = list(waited.map((i) => state.seats[i].name));
  return h(
    "div",
    { class: "panel waiting gathering", id: "gathering", role: "status", "data-seats": waited.join(",") },
    h("h2", {}, t("rematch.waitingFor", { names })),
    h("p", {}, t("rematch.waitingHow", { join: t("rematch.join") })),
    h("p", { class: "muted" }, t("rematch.withoutThem"), " ", h("span", { class: "gathering-left", "data-until": state.gathering.until })),
  );
}

// When the wait ran out, a person who has not come from the last game's page yet shows
// as offline, so the table says who and how they come.
export function notHere(state) {
  if (!(history.state && history.state.rematch) || state.status !== "playing") return null;
  const away = state.seats.filter((seat) => seat.seat !== state.you && !seat.bot && !seat.connected && !seat.standin);
  if (!away.length) return null;
  const names = list(away.map((seat) => seat.name));
  return h(
    "p",
    { class: "panel not-here", id: "not-here", role: "status" },
    t(away.length > 1 ? "rematch.notHereMany" : "rematch.notHereOne", { names }),
    " ",
    t("rematch.notHereHow", { join: t("rematch.join") }),
  );
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
