// A record file chosen in or dropped on the page, replayed by geodeck's engine running in
// the page (Pyodide, served at /pyodide/ once scripts/web-deps has fetched it). The file is
// read here and never uploaded.

import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { openReplay } from "./replay.js";
import { merge } from "./replay-steps.js";

const BASE = "/pyodide/";

// The engine's steps, as the server's replay endpoint gives them (geodeck.core.steps).
const PROGRAM = `
import json
from geodeck.core.game import Game
from geodeck.core.steps import steps

def replay_of(text, seat):
    game = Game.from_record(json.loads(text))
    every = steps(game, seat)
    seats = [
        {"seat": i, "name": name, "bot": None, "claimed": True, "connected": False, "standin": False}
        for i, name in enumerate(game.seats)
    ]
    marks = [{"step": i, "kind": s["kind"]} for i, s in enumerate(every) if s["kind"] != "move"]
    return json.dumps({"code": None, "game": game.game, "variant": game.variant, "seat": seat,
                       "seats": seats, "total": len(every), "start": 0, "next": None,
                       "marks": marks, "steps": every})
`;

let engine = null;

// Whether this server has Pyodide (scripts/web-deps).
export async function engineInstalled() {
  try {
    // Asked of the health endpoint, which always answers, so a server without Pyodide
    // gives the page no failed request.
    const response = await fetch("/api/health");
    return response.ok && (await response.json()).pyodide === true;
  } catch {
    return false;
  }
}

function startEngine() {
  if (!engine) {
    engine = (async () => {
      const { loadPyodide } = await import(`${BASE}pyodide.mjs`);
      const py = await loadPyodide({ indexURL: BASE });
      const zip = await fetch(`${BASE}geodeck-engine.zip`);
      if (!zip.ok) throw new Error(`${BASE}geodeck-engine.zip: ${zip.status}`);
      py.unpackArchive(new Uint8Array(await zip.arrayBuffer()), "zip", { extractDir: "/home/pyodide/engine" });
      py.runPython("import sys; sys.path.insert(0, '/home/pyodide/engine')");
      py.runPython(PROGRAM);
      return py;
    })();
    engine.catch(() => {
      engine = null;
    });
  }
  return engine;
}

// The whole replay of a record's text as `seat` (null: the spectator) saw it.
export async function fileReplay(text, seat) {
  const py = await startEngine();
  let data;
  try {
    data = JSON.parse(py.globals.get("replay_of")(text, seat === null ? undefined : seat));
  } catch (error) {
    const said = String(error.message || error).trim().split("\n").filter(Boolean);
    throw new Error(said[said.length - 1] || "the record cannot be replayed");
  }
  let whole = null;
  const steps = data.steps.map((step, i) => {
    whole = merge(i === 0 ? null : whole, step.view);
    return { ...step, view: whole };
  });
  return { ...data, steps };
}

// A sentence with a command in it set as code: `{command}` in the string.
function withCommand(key, command, params = {}) {
  const [before, after] = t(key, { ...params, command: "\u0000" }).split("\u0000");
  return h("p", {}, before, h("code", {}, command), after ?? "");
}

// What a server without Pyodide says instead of offering a file: why, what its host
// installs, and what works meanwhile.
function noEngine() {
  return h(
    "div",
    { class: "replay-no-engine", id: "replay-no-engine" },
    h("p", { class: "replay-no-engine-why" }, t("replay.noEngine")),
    withCommand("replay.noEngineHost", "scripts/web-deps"),
    withCommand("replay.noEngineElse", "geodeck replay FILE --step", { button: t("replay.open") }),
  );
}

// The file picker and drop zone; `onFile(name, text)` once a file is read. The picker
// and the drop are offered only once the server is known to have Pyodide.
export function filePanel(root, onFile) {
  const status = h("p", { class: "replay-file-status", id: "replay-file-status", role: "status" });
  const ready = () => zone.dataset.engine === "yes";
  const read = (file) => {
    if (!file || !ready()) return;
    status.textContent = t("replay.reading", { name: file.name });
    file.text().then(
      (text) => onFile(file.name, text),
      (error) => {
        status.textContent = t("error.generic", { message: error.message });
      },
    );
  };
  const input = h("input", { type: "file", id: "replay-file", accept: ".json,application/json", onchange: (event) => read(event.target.files[0]) });
  const body = h("div", { class: "replay-file-body" }, h("p", { class: "muted" }, t("replay.checking")));
  const zone = h(
    "div",
    {
      class: "panel replay-drop",
      id: "replay-drop",
      ondragover: (event) => {
        event.preventDefault();
        if (ready()) zone.classList.add("over");
      },
      ondragleave: () => zone.classList.remove("over"),
      ondrop: (event) => {
        event.preventDefault();
        zone.classList.remove("over");
        read(event.dataTransfer.files[0]);
      },
    },
    h("h2", {}, "🎞 ", t("replay.fileTitle")),
    body,
  );
  replace(root, zone);
  engineInstalled().then((installed) => {
    zone.dataset.engine = installed ? "yes" : "no";
    if (!installed) {
      replace(body, noEngine());
      return;
    }
    replace(body, h("p", {}, t("replay.fileHelp")), h("label", { class: "button" }, t("replay.choose"), input), status);
    startEngine().catch((error) => {
      status.textContent = t("error.generic", { message: error.message });
    });
  });
  return zone;
}

// `/?replay`: choose or drop a record file, then replay it (the page's `close` and `refresh`).
export function openFileReplay(root, options) {
  let current = null;
  filePanel(root, (name, text) => {
    current = openReplay(root, null, { ...options, source: (seat) => fileReplay(text, seat) });
  });
  return {
    refresh: () => current && current.refresh(),
    close: () => current && current.close(),
  };
}
