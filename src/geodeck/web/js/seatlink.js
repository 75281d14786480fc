// Moving a seat to another device (docs/protocol.md, Seat links): a dialog with the seat's
// own link (the token in the fragment, never sent to a server) and a QR code of it; the
// page that opens such a link takes the seat over, and the old page is told it moved.

import { seatLink } from "./api.js";
import { h, replace, toast } from "./dom.js";
import { t } from "./i18n.js";
import { keepSeat, seatFor } from "./store.js";
import { shownCode } from "./codes.js";

let dialog = null;

// A seat link in the address (`#seat=N&key=TOKEN`): keep the seat, take the fragment out
// of the address bar and history, and say the page should take the seat over.
export function takeSeatLink(code) {
  const params = new URLSearchParams(location.hash.slice(1));
  const seat = Number(params.get("seat"));
  const key = params.get("key");
  if (!code || !key || !Number.isInteger(seat) || seat < 0) return false;
  keepSeat(code, seat, key);
  history.replaceState(history.state, "", `${location.pathname}${location.search}`);
  return true;
}

function close() {
  if (dialog && dialog.open) dialog.close();
}

async function show(code) {
  const seat = seatFor(code);
  if (!seat) return;
  if (!dialog) {
    dialog = h("dialog", { id: "seat-link", class: "help-dialog seat-link-dialog", "aria-labelledby": "seat-link-title" });
    dialog.addEventListener("close", () => {
      const opener = document.getElementById("seat-link-open");
      if (opener) opener.focus();
    });
    document.body.append(dialog);
  }
  let made;
  try {
    made = await seatLink(code, seat.token);
  } catch (error) {
    toast(t("error.generic", { message: error.message }), "error");
    return;
  }
  const field = h("input", { type: "text", id: "seat-link-url", readOnly: true, value: made.link, "aria-label": t("seatlink.link") });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made.link);
      toast(t("seatlink.copied"));
    } catch {
      field.select();
    }
  };
  replace(
    dialog,
    h(
      "div",
      { class: "help-head" },
      h("h2", { id: "seat-link-title" }, t("seatlink.title")),
      h("button", { type: "button", class: "ghost", id: "seat-link-close", "aria-label": t("help.close"), onclick: close }, "✕"),
    ),
    h("p", {}, t("seatlink.how")),
    h("img", { class: "seat-link-qr", id: "seat-link-qr", alt: t("seatlink.qr"), src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(made.qr)}` }),
    h("div", { class: "seat-link-row" }, field, h("button", { type: "button", class: "primary", id: "seat-link-copy", onclick: copy }, t("seatlink.copy"))),
    h("p", { class: "seat-link-warning" }, "⚠ ", t("seatlink.secret")),
  );
  if (!dialog.open) dialog.showModal();
  document.getElementById("seat-link-close").focus({ preventScroll: true });
}

// The table bar's button, for a page that plays a seat.
export function seatLinkButton(code) {
  return h(
    "button",
    { type: "button", class: "ghost small", id: "seat-link-open", "aria-haspopup": "dialog", title: t("seatlink.open"), onclick: () => show(code) },
    h("span", { "aria-hidden": "true" }, "📱 "),
    h("span", { class: "seat-link-text" }, t("seatlink.button")),
  );
}

export function closeSeatLink() {
  close();
}

// The page lost its seat to another device: say so plainly, and offer to watch or leave.
export function movedNotice(code, { onWatch, onLobby }) {
  return h(
    "div",
    { class: "panel seat-moved", id: "seat-moved", role: "alert" },
    h("h2", {}, "📱 ", t("seatlink.movedTitle")),
    h("p", {}, t("seatlink.moved", { code: shownCode(code) })),
    h(
      "p",
      { class: "actions" },
      h("button", { type: "button", class: "primary", id: "seat-moved-watch", onclick: onWatch }, "👁 ", t("join.watch")),
      h("a", { class: "button ghost", href: "/", onclick: onLobby }, t("table.lobby")),
    ),
  );
}
