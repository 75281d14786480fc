// Small helpers to build DOM and SVG trees.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children, isSvg) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "class") {
      el.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    } else if (key === "style" && typeof value === "object") {
      for (const [name, v] of Object.entries(value)) {
        if (name.startsWith("--")) el.style.setProperty(name, v);
        else el.style[name] = v;
      }
    } else if (key === "text") {
      el.textContent = value;
    } else if (!isSvg && key in el && !key.startsWith("data-") && !key.startsWith("aria-")) {
      el[key] = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children, false);
}

export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children, true);
}

// True on a screen driven by touch rather than a mouse: taps there are made sure with a
// second step, and keyboard hints are left out.
export function touchScreen() {
  return window.matchMedia("(pointer: coarse)").matches;
}

// Run `callback` once per frame while the window changes size (a phone turned, a window
// dragged wider), or with `event` "scroll" while the page scrolls; the returned function
// stops it.
export function whenResized(callback, event = "resize") {
  let queued = false;
  const listener = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      callback();
    });
  };
  window.addEventListener(event, listener, { passive: true });
  return () => window.removeEventListener(event, listener);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

export function replace(el, ...children) {
  clear(el);
  return append(el, children);
}

let toastTimer = null;

export function toast(message, kind = "info") {
  let box = document.getElementById("toast");
  if (!box) {
    box = h("div", { id: "toast", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  box.className = `toast toast-${kind} show`;
  box.textContent = message;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.classList.remove("show"), 4000);
}
