// What the Undercover table keeps between states: the countries seen in every round (for
// their names in later rounds), the map of Europe once loaded, and the commitment checks.
// `note` runs for each new state; the views only read what it keeps.

import { sha256 } from "../deal.js";
import { shapesOf, wantShapes } from "../geo.js";
import { has, lang, nameOf, t } from "../i18n.js";

export function note(state, ctx) {
  const memory = ctx.memory;
  const view = state.view;
  const known = (memory.countries = memory.countries || {});
  for (const country of view.layout) known[country.id] = country;
  wantShapes(memory, "europe", ctx.rerender);
  for (const result of view.results || []) check(ctx, result);
}

// The commitment check at a round's end: SHA-256 of COUNTRY:SALT, computed here.
function check(ctx, result) {
  const memory = ctx.memory;
  memory.verify = memory.verify || {};
  const key = `${result.country}:${result.salt}`;
  if (key in memory.verify) return;
  memory.verify[key] = null;
  if (!crypto.subtle) return;
  sha256(key).then((hash) => {
    memory.verify[key] = hash === String(result.commitment).toLowerCase();
    ctx.rerender();
  });
}

// A round's check: true or false once computed, null before (or where WebCrypto is missing).
export function verified(ctx, result) {
  const done = ctx.memory.verify || {};
  const value = done[`${result.country}:${result.salt}`];
  return value === undefined ? null : value;
}

// A country's name in the page's language: from its card where this page has seen it, else
// the shipped deck's name (name.CC, the same words as its card), else the browser's own name
// for the region code, else the map's (English) name, else the code.
export function countryName(ctx, id) {
  const known = ctx.memory.countries || {};
  if (known[id]) return nameOf(known[id]);
  if (has(`name.${id}`)) return t(`name.${id}`);
  try {
    const named = new Intl.DisplayNames([lang()], { type: "region", fallback: "none" }).of(id);
    if (named) return named;
  } catch {
    // not a region code the browser knows
  }
  const europe = shapesOf(ctx.memory, "europe");
  const shape = europe && europe.byId.get(id);
  return shape ? shape.name : id;
}

// "in der Schweiz", "nei Paesi Bassi": where someone hides or was.
export function countryIn(ctx, id) {
  return has(`in.${id}`) ? t(`in.${id}`) : t("in.other", { country: countryName(ctx, id) });
}

// "auf die Schweiz", "sulla Svizzera": where a stone goes.
export function countryOn(ctx, id) {
  return has(`on.${id}`) ? t(`on.${id}`) : t("on.other", { country: countryName(ctx, id) });
}

// What this seat may do now: hide (in which countries), place a stone (of which size, on
// which countries), or another kind of move; the size is the one last chosen while it lasts.
export function choices(state, ctx) {
  const legal = state.legal;
  const kind = state.expects.kind;
  const out = { kind: null, countries: new Set(), size: null };
  if (!legal.length) return out;
  if (kind === "hide") {
    out.kind = "hide";
    for (const a of legal) if (a.act === "hide") out.countries.add(a.country);
  } else if (kind === "stone") {
    out.kind = "stone";
    const sizes = new Set(legal.filter((a) => a.act === "stone").map((a) => a.size));
    let size = ctx.memory.size;
    if (!sizes.has(size)) size = sizes.has("small") ? "small" : sizes.has("large") ? "large" : null;
    out.size = size;
    for (const a of legal) if (a.act === "stone" && a.size === size) out.countries.add(a.country);
  } else {
    out.kind = kind;
  }
  return out;
}
