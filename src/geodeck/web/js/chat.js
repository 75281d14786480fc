// A table's chat (docs/protocol.md, Chat): the lines so far, a line of text or an emote to
// send, a mute button per player (remembered per table) and the chat saved as a text file.
// Every line is put on the page as text, never as markup.

import { h, replace } from "./dom.js";
import { SEAT_COLOURS } from "./games.js";
import { t } from "./i18n.js";
import { keepMuted, mutedSeats } from "./store.js";

export const EMOTES = { wave: "👋", thumbs_up: "👍", clap: "👏", laugh: "😄", think: "🤔", wow: "😮", oops: "😬", gg: "🤝" };

const MAX_TEXT = 200;
const SPECTATORS = "spectators";

export function tableChat(code, { send }) {
  let lines = [];
  let mode = null;
  let state = null;
  let open = false;
  let unread = 0;
  let muted = mutedSeats(code);

  const toggleCount = h("span", { class: "chat-unread", id: "chat-unread" });
  const toggle = h(
    "button",
    { type: "button", class: "chat-toggle", id: "chat-toggle", "aria-expanded": "false", onclick: () => setOpen(!open) },
    "💬 ",
    h("span", { class: "chat-toggle-text" }, t("chat.title")),
    toggleCount,
  );
  const list = h("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite" });
  const mutes = h("div", { class: "chat-mutes", id: "chat-mutes" });
  const note = h("p", { class: "chat-note muted", id: "chat-note" });
  const input = h("input", { type: "text", id: "chat-input", maxLength: MAX_TEXT, autocomplete: "off" });
  const sendButton = h("button", { type: "submit", class: "primary small", id: "chat-send" });
  const form = h("form", { class: "chat-form", onsubmit: submit }, input, sendButton);
  const emotes = h("div", { class: "chat-emotes" });
  const title = h("h2", {});
  const closeButton = h("button", { type: "button", class: "icon-button", onclick: () => setOpen(false) }, "×");
  const saveButton = h("button", { type: "button", class: "ghost small", id: "chat-save", onclick: save });
  const panel = h(
    "section",
    { class: "chat-panel panel", id: "chat-panel", hidden: true },
    h("div", { class: "chat-head" }, title, saveButton, closeButton),
    mutes,
    list,
    note,
    emotes,
    form,
  );
  const node = h("div", { class: "chat", id: "chat", hidden: true }, panel, toggle);

  function setOpen(value) {
    open = value;
    panel.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    if (open) {
      unread = 0;
      list.scrollTop = list.scrollHeight;
      if (!form.hidden) input.focus({ preventScroll: true });
    }
    paint();
  }

  function mayWrite() {
    if (!state || mode === null || mode === "off") return false;
    return state.you !== null || mode === "everyone";
  }

  function submit(event) {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (send({ text })) input.value = "";
  }

  function who(line) {
    const seat = line.from.seat;
    return seat === null ? t("chat.spectator") : line.from.name;
  }

  function isMuted(line) {
    return muted.includes(line.from.seat === null ? SPECTATORS : line.from.seat);
  }

  function when(line) {
    return new Date(line.at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }

  function lineNode(line) {
    const seat = line.from.seat;
    const body = line.emote
      ? h("span", { class: "chat-emote", title: t(`emote.${line.emote}`) }, EMOTES[line.emote] || "?", " ", t(`emote.${line.emote}`))
      : h("span", { class: "chat-text" }, line.text);
    return h(
      "li",
      { class: ["chat-line", line.emote && "is-emote", state && seat !== null && seat === state.you && "own"], "data-seat": seat === null ? SPECTATORS : seat, "data-id": line.id },
      h("span", { class: "stone", style: { background: seat === null ? "#9aa4a0" : SEAT_COLOURS[seat % SEAT_COLOURS.length] } }),
      h("span", { class: "chat-who" }, who(line)),
      h("time", { class: "chat-at" }, when(line)),
      body,
    );
  }

  function muteButton(key, name) {
    const on = muted.includes(key);
    return h(
      "button",
      {
        type: "button",
        class: ["chat-mute", on && "on"],
        "data-mute": key,
        "aria-pressed": String(on),
        title: on ? t("chat.unmute", { name }) : t("chat.mute", { name }),
        onclick: () => {
          muted = on ? muted.filter((other) => other !== key) : [...muted, key];
          keepMuted(code, muted);
          paint();
        },
      },
      on ? "🔇 " : "🔊 ",
      name,
    );
  }

  function paint() {
    if (!state || mode === null) {
      node.hidden = true;
      return;
    }
    node.hidden = false;
    document.body.classList.add("has-chat");
    title.textContent = t("chat.title");
    closeButton.title = t("chat.close");
    closeButton.setAttribute("aria-label", t("chat.close"));
    saveButton.textContent = t("chat.save");
    saveButton.title = t("chat.saveHint");
    sendButton.textContent = t("chat.send");
    input.placeholder = t("chat.placeholder");
    input.setAttribute("aria-label", t("chat.placeholder"));
    toggle.querySelector(".chat-toggle-text").textContent = t("chat.title");
    toggleCount.textContent = unread ? String(unread) : "";
    toggleCount.hidden = !unread;
    const others = state.seats.filter((seat) => seat.seat !== state.you && !seat.bot);
    const keys = others.map((seat) => muteButton(seat.seat, seat.name));
    if (mode === "everyone") keys.push(muteButton(SPECTATORS, t("chat.spectators")));
    replace(mutes, keys.length ? [h("span", { class: "muted" }, t("chat.muteLabel")), ...keys] : []);
    const shown = lines.filter((line) => !isMuted(line));
    const hidden = lines.length - shown.length;
    const stick = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    replace(
      list,
      shown.length ? shown.map(lineNode) : h("li", { class: "chat-empty muted" }, lines.length ? "" : t("chat.empty")),
      hidden ? h("li", { class: "chat-hidden muted", id: "chat-hidden" }, t("chat.hidden", { n: hidden })) : null,
    );
    if (stick) list.scrollTop = list.scrollHeight;
    form.hidden = !mayWrite();
    emotes.hidden = !mayWrite();
    replace(
      emotes,
      Object.entries(EMOTES).map(([name, face]) =>
        h("button", { type: "button", class: "chat-emote-button", "data-emote": name, title: t(`emote.${name}`), "aria-label": t(`emote.${name}`), onclick: () => send({ emote: name }) }, face),
      ),
    );
    note.textContent = mode === "off" ? t("chat.off") : mayWrite() ? "" : t("chat.readOnly");
    note.hidden = !note.textContent;
  }

  // The chat as a text file, as this browser saw it (muted lines too).
  function save() {
    const text = lines.map((line) => `[${new Date(line.at).toISOString()}] ${who(line)}: ${line.emote ? `(${t(`emote.${line.emote}`)})` : line.text}`).join("\n");
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: "text/plain;charset=utf-8" }));
    const link = h("a", { href: url, download: `geodeck-chat-${code}.txt` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return {
    node,
    receive(message) {
      if (message.type === "chat_log") {
        mode = message.chat;
        lines = Array.isArray(message.messages) ? message.messages.slice() : [];
      } else if (message.type === "chat") {
        if (lines.some((line) => line.id === message.id && line.at === message.at)) return;
        lines.push(message);
        if (lines.length > 200) lines.shift();
        if (!open && !isMuted(message) && !(state && message.from.seat === state.you && message.from.seat !== null)) unread += 1;
      }
      paint();
    },
    update(next) {
      state = next;
      paint();
    },
    close() {
      node.remove();
      document.body.classList.remove("has-chat");
    },
  };
}
