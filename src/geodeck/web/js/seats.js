// Players as the table shows them: colour stone, name, and what the server says of the seat.

import { h } from "./dom.js";
import { SEAT_COLOURS } from "./games.js";
import { bankFrom } from "./clock.js";
import { t } from "./i18n.js";

export function seatColour(i) {
  return SEAT_COLOURS[i % SEAT_COLOURS.length];
}

// One player's badge: colour stone, name, and what the table knows about the seat.
export function seatBadge(state, i) {
  const seat = state.seats[i];
  const moving = state.expects.seats.includes(i);
  const deadline = state.clock && state.clock.deadlines[String(i)];
  return h(
    "span",
    { class: ["seat-badge", moving && "moving", !seat.connected && "offline"] },
    h("span", { class: "stone", style: { background: seatColour(i) }, "aria-hidden": "true" }),
    h("span", { class: "seat-name" }, seat.name),
    state.you === i ? h("span", { class: "tag you" }, t("seat.you")) : null,
    seat.bot ? h("span", { class: "tag" }, t("seat.bot", { level: t(`level.${seat.bot}`) })) : null,
    seat.standin ? h("span", { class: "tag warn" }, t("seat.standin")) : null,
    !seat.connected && !seat.standin ? h("span", { class: "tag muted" }, t("seat.offline")) : null,
    deadline ? h("span", { class: "clock", "data-deadline": deadline, "data-bank-from": bankFrom(state.clock, i), "data-clock-seat": i }) : null,
  );
}

export function seatName(state, i) {
  if (i === null || i === undefined) return t("ev.supply");
  return state.seats[i] ? state.seats[i].name : `#${i}`;
}
