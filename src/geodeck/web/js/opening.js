// The lobby's choices of who finds a new table and who chats at it: listed in the lobby or
// not, the players' language, and who may write in the chat (docs/protocol.md, create).

import { h } from "./dom.js";
import { LANGUAGES, t } from "./i18n.js";

const CHAT_MODES = ["players", "everyone", "off"];

export function openingFields(form) {
  return h(
    "fieldset",
    { class: "opening" },
    h("legend", {}, t("opening.title")),
    h(
      "label",
      { class: "check" },
      h("input", {
        type: "checkbox",
        id: "public",
        checked: form.public,
        onchange: (event) => {
          form.public = event.target.checked;
        },
      }),
      h("span", {}, t("opening.public")),
    ),
    h(
      "div",
      { class: "field-row" },
      h(
        "label",
        { class: "field" },
        h("span", {}, t("opening.language")),
        h(
          "select",
          {
            id: "table-language",
            onchange: (event) => {
              form.language = event.target.value;
            },
          },
          Object.entries(LANGUAGES).map(([code, label]) => h("option", { value: code, selected: form.language === code }, label)),
        ),
      ),
      h(
        "label",
        { class: "field" },
        h("span", {}, t("opening.chat")),
        h(
          "select",
          {
            id: "chat-mode",
            onchange: (event) => {
              form.chat = event.target.value;
            },
          },
          CHAT_MODES.map((mode) => h("option", { value: mode, selected: form.chat === mode }, t(`opening.chat.${mode}`))),
        ),
      ),
    ),
  );
}
