// A finished game's steps from the server (docs/protocol.md, `GET .../replay`): every page
// fetched, each step's view made whole from the one before it (`geodeck.core.steps.merge`).

import { call } from "./api.js";

export function replayUrl(code, seat, start) {
  const query = new URLSearchParams();
  if (seat !== null && seat !== undefined) query.set("seat", String(seat));
  if (start) query.set("start", String(start));
  const tail = query.toString();
  return `/api/tables/${encodeURIComponent(code)}/replay${tail ? `?${tail}` : ""}`;
}

function page(code, seat, start) {
  return call("GET", replayUrl(code, seat, start));
}

// A step's whole view from the whole view before it and the step's own part.
export function merge(previous, part) {
  const base = previous || {};
  const from = Number(part.history_from || 0);
  const whole = { ...base, ...part };
  for (const key of part.patched || []) whole[key] = { ...(base[key] || {}), ...part[key] };
  delete whole.patched;
  whole.history = (base.history || []).slice(0, from).concat(part.history || []);
  whole.history_from = 0;
  return whole;
}

// The whole replay of a table as `seat` (null: the spectator) saw it.
export async function loadReplay(code, seat) {
  let start = 0;
  let first = null;
  const steps = [];
  let whole = null;
  while (start !== null && start !== undefined) {
    const data = await page(code, seat, start);
    if (!first) first = data;
    data.steps.forEach((step, i) => {
      whole = merge(i === 0 ? null : whole, step.view);
      steps.push({ ...step, view: whole });
    });
    start = data.next;
  }
  return { ...first, steps };
}
