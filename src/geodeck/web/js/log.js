// The history as sentences, newest first; each family says its own events
// (`describe(event, state, ctx, index)`, `index` the event's place in the history).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { seatColour } from "./seats.js";

const SHOWN = 80;

function actor(event) {
  for (const key of ["seat", "to", "undercover", "reader"]) {
    if (typeof event[key] === "number") return event[key];
  }
  return null;
}

// One event's sentence: the family's words for it, else the words both families share.
function line(event, state, ctx, describe, index) {
  const said = describe(event, state, ctx, index);
  if (said !== null) return said;
  if (event.event === "end") return t("ev.end");
  return event.event;
}

export function historyPanel(state, ctx, describe) {
  const memory = ctx.memory;
  const events = state.view.history || [];
  const first = Math.max(0, events.length - SHOWN);
  // The events that begin a move the server played because a seat's time ran out.
  const timeouts = new Set(state.timeouts || []);
  const items = [];
  for (let i = events.length - 1; i >= first; i -= 1) {
    const event = events[i];
    const seat = actor(event);
    items.push(
      h(
        "li",
        { class: ["ev", `ev-${event.event}`, timeouts.has(i) && "ev-timed-out"] },
        h("span", { class: "ev-dot", style: seat === null ? {} : { background: seatColour(seat) } }),
        line(event, state, ctx, describe, i),
        timeouts.has(i) ? h("span", { class: "ev-timeout" }, ` ⏱ ${t("ev.timeout")}`) : null,
      ),
    );
  }
  const open = memory.historyOpen !== false;
  return h(
    "details",
    {
      class: "panel history",
      id: "history",
      open,
      ontoggle: (event) => {
        memory.historyOpen = event.target.open;
      },
    },
    h("summary", {}, t("cross.history")),
    h("ol", { class: "log" }, items),
  );
}
