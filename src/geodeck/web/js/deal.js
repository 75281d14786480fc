// The deal check: the commitment a table showed when it was created, against the setup and
// salt its record reveals at the end (docs/records.md). The page does the hashing itself.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { firstDeal, keepFirstDeal } from "./store.js";

// The record's setup as canonical JSON: keys sorted, no spaces, text as it is.
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

// Lowercase hex SHA-256 of a text's UTF-8 bytes (WebCrypto).
export async function sha256(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// What a state says of the deal, remembered the first time this browser saw the table.
export function noteDeal(code, state) {
  if (!state.deal) return null;
  const first = firstDeal(code);
  if (!first) keepFirstDeal(code, state.deal.commitment);
  return first || state.deal.commitment;
}

// {result: "ok" | "bad" | "unavailable" | "none", shown, computed}
export async function checkDeal(code, recordUrl) {
  const shown = firstDeal(code);
  if (!shown) return { result: "none" };
  if (!globalThis.crypto || !crypto.subtle) return { result: "unavailable", shown };
  const response = await fetch(recordUrl);
  if (!response.ok) return { result: "unavailable", shown };
  const record = await response.json();
  if (!record.deal || typeof record.deal.salt !== "string") return { result: "bad", shown, computed: null };
  const computed = await sha256(`${record.deal.salt}:${canonical(record.setup)}`);
  const result = computed === shown && record.deal.commitment === shown ? "ok" : "bad";
  return { result, shown, computed };
}

export function sealChip(commitment) {
  if (!commitment) return null;
  return h(
    "span",
    { class: "deal-seal", id: "deal-seal", title: t("deal.sealedTitle", { commitment }) },
    "🔒 ",
    t("deal.sealed"),
    " ",
    h("code", {}, commitment.slice(0, 8)),
  );
}

export function dealLine(check) {
  if (!check) return h("p", { class: "deal-check", id: "deal-check", "data-result": "checking" }, t("deal.checking"));
  if (check.result === "none") return null;
  const text = {
    ok: `✓ ${t("deal.ok")}`,
    bad: `✗ ${t("deal.bad")}`,
    unavailable: t("deal.unavailable"),
  }[check.result];
  return h(
    "p",
    { class: ["deal-check", `deal-${check.result}`], id: "deal-check", "data-result": check.result },
    text,
    h("br"),
    h("small", {}, "sha256(salt:setup) ", h("code", {}, check.computed || "—"), " · ", t("deal.shown"), " ", h("code", {}, check.shown)),
  );
}
