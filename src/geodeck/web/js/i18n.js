// Interface strings in English, German and Italian (the tables in ../i18n/LANG.json,
// loaded once at start-up), and localized card names, numbers and lists.

import { language, keepLanguage } from "./store.js";

export const LANGUAGES = { en: "English", de: "Deutsch", it: "Italiano" };

const STRINGS = { en: {}, de: {}, it: {} };

// Fetch every language's table, so that the picker switches at once.
export async function loadStrings() {
  await Promise.all(
    Object.keys(STRINGS).map(async (code) => {
      const url = new URL(`../i18n/${code}.json`, import.meta.url);
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      STRINGS[code] = await response.json();
    }),
  );
}

function initial() {
  const kept = language();
  if (kept && kept in STRINGS) return kept;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const short = String(tag).slice(0, 2).toLowerCase();
    if (short in STRINGS) return short;
  }
  return "en";
}

let current = initial();
const listeners = [];

export function lang() {
  return current;
}

export function setLang(code) {
  if (!(code in STRINGS) || code === current) return;
  current = code;
  keepLanguage(code);
  document.documentElement.lang = code;
  for (const listener of listeners) listener(code);
}

export function onLangChange(listener) {
  listeners.push(listener);
}

// Whether the tables have a string for `key`.
export function has(key) {
  return key in STRINGS[current] || key in STRINGS.en;
}

// The string for `key` with its {placeholders} filled in. With a number `n`, the plural form
// `key.one` (or another category of Intl.PluralRules) is taken where the table has it.
export function t(key, params = {}) {
  let text = null;
  if (typeof params.n === "number") {
    const form = `${key}.${new Intl.PluralRules(current).select(params.n)}`;
    text = STRINGS[current][form] ?? null;
  }
  text = text ?? STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// The card's name in the interface language, where the card carries one.
export function nameOf(card) {
  if (!card) return "?";
  if (current !== "en") {
    const local = card[`name_${current}`] || (card.names && card.names[current]);
    if (local) return local;
  }
  return card.name_en || card.name || card.id || "?";
}

export function number(value, digits = 0) {
  return new Intl.NumberFormat(current, { maximumFractionDigits: digits }).format(value);
}

export function list(items) {
  try {
    return new Intl.ListFormat(current, { type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}
