// The lobby: open a new table (game, variant, seats, bots, clock) or go to one by its code.

import { createTable } from "./api.js";
import { CLASS_CODE, TABLE_CODE, normalCode } from "./codes.js";
import { h, replace, toast } from "./dom.js";
import { BANKS, CLOCKS, DEFAULT_PAUSE, GAMES, LEVELS, PAUSES } from "./games.js";
import { closeHelp, helpButton } from "./help.js";
import { lang, t } from "./i18n.js";
import { playerField } from "./player.js";
import { levelHint, levelLabel, playerPanel } from "./ratings.js";
import { practiceEntry } from "./practice-entry.js";
import { openingFields } from "./opening.js";
import { tablesSection } from "./opentables.js";
import { keepName, keepSeat, playerName } from "./store.js";

export function showLobby(root, { onTable, onPractice }) {
  const form = {
    game: "uppsala",
    variant: "geo",
    seats: [
      { name: playerName(), bot: null },
      { name: "", bot: "casual" },
      { name: "", bot: "casual" },
    ],
    clock: null,
    bank: 0,
    pause: DEFAULT_PAUSE,
    difficulty: null,
    remove: 20,
    // Who finds the table and who chats at it (opening.js).
    public: false,
    language: lang(),
    chat: "players",
  };
  let busy = false;
  const tables = tablesSection({ onTable });

  function setGame(game) {
    form.game = game;
    form.variant = GAMES[game].variants[0];
    const [low, high] = GAMES[game].seats;
    while (form.seats.length < low) form.seats.push({ name: "", bot: "casual" });
    form.seats.length = Math.min(form.seats.length, high);
    render();
  }

  async function submit(event) {
    event.preventDefault();
    if (busy) return;
    busy = true;
    const seats = form.seats.map((seat, i) => {
      const out = {};
      const name = seat.name.trim();
      if (name) out.name = name;
      if (i > 0 && seat.bot) out.bot = seat.bot;
      return out;
    });
    const options = {};
    if (GAMES[form.game].family === "cross" && form.difficulty) options.max_difficulty = form.difficulty;
    if (form.variant === "hard") options.remove_country_questions = form.remove;
    const body = { game: form.game, variant: form.variant, seats, claim: [0], clock: form.clock, pause: form.pause, options };
    if (form.clock !== null && form.bank) body.bank = form.bank;
    // Rated under the nickname, else the seat's name (the server's default: "Player 1").
    const player = playerField(form.seats[0].name || "Player 1");
    if (player) body.player = player;
    Object.assign(body, { public: form.public, language: form.language, chat: form.chat });
    try {
      const created = await createTable(body);
      keepName(form.seats[0].name.trim());
      const code = created.table.code;
      keepSeat(code, 0, created.tokens["0"]);
      onTable(code);
    } catch (error) {
      toast(t("error.generic", { message: error.message }), "error");
    } finally {
      busy = false;
    }
  }

  function gameChoice(id) {
    const game = GAMES[id];
    const [low, high] = game.seats;
    return h(
      "label",
      { class: ["game-choice", form.game === id && "chosen", `game-${id}`] },
      h("input", {
        type: "radio",
        name: "game",
        value: id,
        checked: form.game === id,
        onchange: () => setGame(id),
      }),
      h("span", { class: "game-title" }, game.title),
      h("span", { class: "game-sub" }, t(`game.${id}`)),
      h("span", { class: "game-players" }, t("lobby.players", { min: low, max: high })),
    );
  }

  function seatRow(seat, i) {
    const [low] = GAMES[form.game].seats;
    const kind = h(
      "select",
      {
        "aria-label": `${t("lobby.seats")} ${i + 1}`,
        "data-seat-kind": i,
        onchange: (event) => {
          seat.bot = event.target.value === "human" ? null : event.target.value;
          render();
        },
      },
      h("option", { value: "human", selected: !seat.bot }, t("lobby.player")),
      LEVELS.map((level) =>
        h("option", { value: level, selected: seat.bot === level }, levelLabel(level, form.game)),
      ),
    );
    return h(
      "li",
      { class: ["seat-row", seat.bot && "is-bot"] },
      h("span", { class: "seat-number" }, String(i + 1)),
      h("input", {
        type: "text",
        maxLength: 40,
        value: seat.name,
        placeholder: i === 0 ? t("lobby.yourName") : seat.bot ? `${t("lobby.bot")} ${i + 1}` : `${t("lobby.player")} ${i + 1}`,
        "aria-label": `${t("lobby.name")} ${i + 1}`,
        "data-seat-name": i,
        oninput: (event) => {
          seat.name = event.target.value;
        },
      }),
      i === 0 ? h("span", { class: "seat-you" }, t("lobby.you")) : kind,
      i > 0 && form.seats.length > low
        ? h(
            "button",
            {
              type: "button",
              class: "icon-button",
              title: t("lobby.remove"),
              "aria-label": t("lobby.remove"),
              onclick: () => {
                form.seats.splice(i, 1);
                render();
              },
            },
            "×",
          )
        : h("span", { class: "icon-spacer" }),
    );
  }

  function createPanel() {
    const game = GAMES[form.game];
    const [, high] = game.seats;
    const options = [];
    if (game.family === "cross") {
      options.push(
        h(
          "label",
          { class: "field" },
          h("span", {}, t("lobby.easier")),
          h(
            "select",
            {
              id: "difficulty",
              onchange: (event) => {
                form.difficulty = event.target.value ? Number(event.target.value) : null;
              },
            },
            h("option", { value: "", selected: !form.difficulty }, t("lobby.allCards")),
            [1, 2].map((n) => h("option", { value: n, selected: form.difficulty === n }, t("lobby.upTo", { n }))),
          ),
        ),
      );
    }
    if (form.variant === "hard") {
      options.push(
        h(
          "label",
          { class: "field" },
          h("span", {}, t("lobby.removeQuestions")),
          h("input", {
            type: "number",
            min: 0,
            max: 60,
            value: form.remove,
            oninput: (event) => {
              form.remove = Math.max(0, Number(event.target.value) || 0);
            },
          }),
        ),
      );
    }
    return h(
      "form",
      { class: "panel create", id: "create", onsubmit: submit },
      h("h2", {}, t("lobby.new")),
      h("fieldset", { class: "games" }, h("legend", {}, t("lobby.game")), Object.keys(GAMES).map(gameChoice)),
      h("p", { class: "game-rules" }, game.family === "cross" ? t("lobby.rules") : t("lobby.rulesUndercover")),
      h(
        "div",
        { class: "field-row" },
        h(
          "label",
          { class: "field" },
          h("span", {}, t("lobby.variant")),
          h(
            "select",
            {
              id: "variant",
              onchange: (event) => {
                form.variant = event.target.value;
                render();
              },
            },
            game.variants.map((v) => h("option", { value: v, selected: form.variant === v }, t(`variant.${v}`))),
          ),
        ),
        h(
          "label",
          { class: "field" },
          h("span", {}, t("lobby.clock")),
          h(
            "select",
            {
              id: "clock",
              onchange: (event) => {
                form.clock = event.target.value ? Number(event.target.value) : null;
                render();
              },
            },
            CLOCKS.map((c) =>
              h(
                "option",
                { value: c === null ? "" : c, selected: form.clock === c },
                c === null ? t("lobby.noClock") : t("lobby.seconds", { n: c }),
              ),
            ),
          ),
        ),
        form.clock !== null
          ? h(
              "label",
              { class: "field" },
              h("span", {}, t("lobby.bank")),
              h(
                "select",
                {
                  id: "bank",
                  onchange: (event) => {
                    form.bank = Number(event.target.value);
                  },
                },
                BANKS.map((b) => h("option", { value: b, selected: form.bank === b }, b ? t("lobby.bankSeconds", { n: b }) : t("lobby.noBank"))),
              ),
            )
          : null,
        h(
          "label",
          { class: "field" },
          h("span", {}, t("lobby.pause")),
          h(
            "select",
            {
              id: "pause",
              onchange: (event) => {
                form.pause = Number(event.target.value);
              },
            },
            PAUSES.map((p) => h("option", { value: p, selected: form.pause === p }, p ? t("lobby.pauseSeconds", { n: p }) : t("lobby.noPause"))),
          ),
        ),
        options,
      ),
      h(
        "fieldset",
        { class: "seats" },
        h("legend", {}, t("lobby.seats")),
        h("ol", { class: "seat-list" }, form.seats.map(seatRow)),
        levelHint(form.game),
        form.seats.length < high
          ? h(
              "button",
              {
                type: "button",
                class: "ghost",
                id: "add-seat",
                onclick: () => {
                  form.seats.push({ name: "", bot: null });
                  render();
                },
              },
              `+ ${t("lobby.addSeat")}`,
            )
          : null,
      ),
      openingFields(form),
      h("button", { type: "submit", class: "primary big", id: "create-table" }, t("lobby.create")),
    );
  }

  function joinPanel() {
    const input = h("input", {
      type: "text",
      id: "join-code",
      maxLength: 20,
      autocomplete: "off",
      spellcheck: false,
      placeholder: "KQMX-TRPA-WNLB",
      "aria-label": t("lobby.code"),
    });
    return h(
      "form",
      {
        class: "panel join",
        onsubmit: (event) => {
          event.preventDefault();
          const code = normalCode(input.value);
          if (CLASS_CODE.test(code)) {
            location.assign(`/?class=${code}`);
            return;
          }
          if (!TABLE_CODE.test(code)) {
            toast(t("lobby.badCode"), "error");
            return;
          }
          onTable(code);
        },
      },
      h("h2", {}, t("lobby.join")),
      h("label", { class: "field" }, h("span", {}, t("lobby.code")), input),
      h("button", { type: "submit", class: "primary" }, t("lobby.joinButton")),
      h("a", { class: "button ghost classroom-entry", id: "classroom-entry", href: "/?classroom" }, `🏫 ${t("class.entry")}`),
      helpButton(() => ({ game: null }), { label: "help.lobbyButton", title: "help.lobbyOpen" }),
    );
  }

  // A render while someone types (the ratings arriving, say) keeps what was typed and
  // where: text fields the new page leaves empty get their text back, and the focus and
  // caret stay in the field that had them.
  function typing() {
    const texts = {};
    for (const field of root.querySelectorAll("input[type=text][id]")) texts[field.id] = field.value;
    const active = document.activeElement;
    const focused = active && root.contains(active) && active.id ? active : null;
    return () => {
      for (const [id, value] of Object.entries(texts)) {
        const field = document.getElementById(id);
        if (field && value && !field.value) field.value = value;
      }
      const again = focused && document.getElementById(focused.id);
      if (!again) return;
      again.focus();
      if (typeof focused.selectionStart === "number" && again.setSelectionRange) {
        again.setSelectionRange(focused.selectionStart, focused.selectionEnd);
      }
    };
  }

  function render() {
    const restore = typing();
    replace(
      root,
      h(
        "div",
        { class: "lobby" },
        h("section", { class: "hero" }, h("div", { class: "hero-cards", "aria-hidden": "true" }, heroCards())),
        createPanel(),
        joinPanel(),
        onPractice && practiceEntry(onPractice),
        playerPanel(render),
        tables.node,
      ),
    );
    restore();
    tables.refresh();
  }

  render();
  return {
    refresh: render,
    close: () => {
      tables.close();
      closeHelp();
    },
  };
}

function heroCards() {
  return [
    ["Uppsala", "59° 51' N, 17° 38' E"],
    ["Lisboa", "38° 43' N, 9° 08' W"],
    ["Palermo", "38° 07' N, 13° 21' E"],
  ].map(([name, printed], i) =>
    h("div", { class: `hero-card hero-card-${i}` }, h("strong", {}, name), h("small", {}, printed)),
  );
}
