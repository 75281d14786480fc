// The lobby's Practice entry: game, mode and region (the regions of the server's deck,
// as `geodeck practice` lists them), then the Practice page.

import { practiceCards } from "./api.js";
import { h, replace } from "./dom.js";
import { GAMES } from "./games.js";
import { t } from "./i18n.js";
import { practiceUrl } from "./practice.js";
import { MODES } from "./practice-rules.js";
import { keepName, playerName } from "./store.js";

const regions = new Map();
const PRACTISED = ["geo", "population", "area", "altitude"];

export function practiceEntry(onGo) {
  const games = Object.values(GAMES).filter((g) => g.family === "cross");
  const form = { game: games.length ? games[0].id : "uppsala", mode: "survival", region: "", variant: "geo" };
  const variantSelect = h("select", { id: "practice-variant", onchange: (e) => (form.variant = e.target.value) });
  function fillVariants() {
    const offered = ((GAMES[form.game] || {}).variants || ["geo"]).filter((v) => PRACTISED.includes(v));
    form.variant = offered.includes(form.variant) ? form.variant : "geo";
    replace(variantSelect, offered.map((v) => h("option", { value: v, selected: v === form.variant }, t(`variant.${v}`))));
  }
  const regionSelect = h("select", { id: "practice-region-pick", onchange: (e) => (form.region = e.target.value) });
  const hint = h("small", { class: "practice-entry-hint" });

  function fillRegions() {
    const known = regions.get(form.game);
    const all = h("option", { value: "" }, t("practice.allRegions"));
    const options = (known || []).map((r) => h("option", { value: r.code, selected: r.code === form.region }, `${r.code} (${r.cards})`));
    replace(regionSelect, form.mode === "region" ? [] : all, options);
    if (form.mode === "region" && !form.region && known && known.length) form.region = known[0].code;
    regionSelect.value = form.region;
    if (!known) {
      practiceCards(form.game).then(
        (deck) => {
          regions.set(deck.game, deck.regions);
          if (deck.game === form.game) fillRegions();
        },
        () => {},
      );
    }
  }

  const nameInput = h("input", { type: "text", id: "practice-name", maxLength: 40, value: playerName(), autocomplete: "nickname" });
  function start(event) {
    event.preventDefault();
    const name = nameInput.value.trim();
    if (name) keepName(name);
    if (form.mode === "region" && !form.region) {
      hint.textContent = t("practice.pickRegion");
      return;
    }
    onGo(event, practiceUrl({ game: form.game, mode: form.mode, region: form.region || null, variant: form.variant }));
  }

  const panel = h(
    "form",
    { class: "panel practice-entry", id: "practice-entry", onsubmit: start },
    h("h2", {}, t("practice.entry")),
    h("p", { class: "practice-entry-about" }, t("practice.about")),
    h("div", { class: "field-row" },
      h("label", { class: "field" }, h("span", {}, t("lobby.game")),
        h("select", { id: "practice-game", onchange: (e) => ((form.game = e.target.value), (form.region = ""), fillRegions(), fillVariants()) },
          games.map((g) => h("option", { value: g.id, selected: g.id === form.game }, g.title)))),
      h("label", { class: "field" }, h("span", {}, t("practice.modeLabel")),
        h("select", { id: "practice-mode", onchange: (e) => ((form.mode = e.target.value), fillRegions()) },
          MODES.map((m) => h("option", { value: m }, t(`practice.mode.${m}`))))),
      h("label", { class: "field" }, h("span", {}, t("practice.regionLabel")), regionSelect),
      h("label", { class: "field" }, h("span", {}, t("lobby.variant")), variantSelect),
      h("label", { class: "field" }, h("span", {}, t("lobby.yourName")), nameInput),
    ),
    hint,
    h("div", { class: "practice-again" },
      h("button", { type: "submit", class: "primary", id: "practice-start" }, t("practice.start")),
      h("a", { class: "button ghost", id: "weak-open", href: "/?weak", onclick: (event) => onGo(event, "/?weak") }, t("practice.weak"))),
  );
  fillRegions();
  fillVariants();
  return panel;
}
