// A country's flag: the SVG the server ships with the Undercover deck (/flags/CC.svg), or a
// small code badge where there is none.

import { h } from "./dom.js";

function badge(code) {
  return h("span", { class: "flag flag-code", "aria-hidden": "true" }, code);
}

export function flag(country) {
  const code = String(country.id || "").toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return badge(code);
  return h("img", {
    class: "flag flag-svg",
    src: `/flags/${code}.svg`,
    alt: "",
    width: 24,
    height: 18,
    loading: "lazy",
    decoding: "async",
    "data-flag": code,
    onerror: (event) => event.target.replaceWith(badge(code)),
  });
}
