// A country's flag: the emoji where the system draws flag emoji, else a small code badge.

import { h } from "./dom.js";

let support = null;

function emojiFlags() {
  if (support !== null) return support;
  support = false;
  try {
    const canvas = document.createElement("canvas");
    canvas.width = 32;
    canvas.height = 32;
    const g = canvas.getContext("2d", { willReadFrequently: true });
    g.font = "24px sans-serif";
    g.textBaseline = "top";
    g.fillStyle = "#000";
    g.fillText("\u{1F1E9}\u{1F1EA}", 0, 4);
    const data = g.getImageData(0, 0, 32, 32).data;
    for (let i = 0; i < data.length; i += 4) {
      const [r, gr, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      if (a > 0 && (Math.abs(r - gr) > 40 || Math.abs(r - b) > 40)) {
        support = true;
        break;
      }
    }
  } catch {
    support = false;
  }
  return support;
}

export function flagEmoji(code) {
  if (!/^[A-Z]{2}$/.test(code)) return "";
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

export function flag(country) {
  const code = String(country.id || "").toUpperCase();
  if (emojiFlags()) {
    const given = [country.flag_emoji, country.flag].find((f) => typeof f === "string" && f && !f.includes("."));
    const emoji = given || flagEmoji(code);
    if (emoji) return h("span", { class: "flag flag-emoji", "aria-hidden": "true" }, emoji);
  }
  return h("span", { class: "flag flag-code", "aria-hidden": "true" }, code);
}
