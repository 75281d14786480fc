// Map labels that never cover each other, a mark or the map's edge: each label is measured
// in the page's font and tries places around its point, nearest first.

let context = null;

// The width of `text` in the page's font at `size` units (the svg's units), and its weight.
export function textWidth(text, size, weight = 700) {
  if (context === null) {
    const canvas = document.createElement("canvas");
    context = canvas.getContext("2d") || false;
  }
  if (!context) return text.length * size * 0.62;
  const family = getComputedStyle(document.body).fontFamily || "sans-serif";
  context.font = `${weight} ${size}px ${family}`;
  return context.measureText(text).width;
}

// The height a line of text at `size` takes (what getBBox reports for it).
export function lineHeight(size) {
  return Math.ceil(size * 1.3);
}

const overlaps = (a, b) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

// Where a label of `w`×`lh` may go around (x, y), `gap` off its mark, nearest first: centred
// on the point (when `centre`), right, left, above, below, the four diagonals, then the same
// again two, three and four times as far out.
function candidates(x, y, w, lh, gap, centre) {
  const out = [];
  if (centre) out.push({ cx: x, cy: y });
  for (const far of [1, 2, 3, 4]) {
    const g = gap * far + (far - 1) * lh * 0.5;
    out.push(
      { cx: x + g + w / 2, cy: y },
      { cx: x - g - w / 2, cy: y },
      { cx: x, cy: y - g - lh / 2 },
      { cx: x, cy: y + g + lh / 2 },
      { cx: x + g + w / 2, cy: y - g - lh / 2 + 4 },
      { cx: x - g - w / 2, cy: y - g - lh / 2 + 4 },
      { cx: x + g + w / 2, cy: y + g + lh / 2 - 4 },
      { cx: x - g - w / 2, cy: y + g + lh / 2 - 4 },
    );
  }
  return out;
}

// `items`: { x, y, text, size, weight, gap, centre, ...anything } in the order they choose;
// `marks`: boxes { x0, y0, x1, y1 } no label may cover (the dots). Returns the items that
// found a place, each with `cx`, `cy` (the middle of its text: draw it with
// text-anchor="middle" and dominant-baseline="central"), its `box` and `moved` (true when
// it stands away from its point, so a leader line may join them).
export function placeLabels(items, marks, width, height, margin = 2) {
  const taken = [...marks];
  const placed = [];
  for (const item of items) {
    const w = textWidth(item.text, item.size, item.weight) + 2;
    const lh = lineHeight(item.size);
    const gap = item.gap ?? 7;
    for (const c of candidates(item.x, item.y, w, lh, gap, item.centre)) {
      const box = { x0: c.cx - w / 2, x1: c.cx + w / 2, y0: c.cy - lh / 2, y1: c.cy + lh / 2 };
      if (box.x0 < margin || box.y0 < margin || box.x1 > width - margin || box.y1 > height - margin) continue;
      if (taken.some((other) => overlaps(box, other))) continue;
      taken.push(box);
      const moved = Math.hypot(c.cx - item.x, c.cy - item.y) > gap + Math.max(w, lh) / 2 + 2;
      placed.push({ ...item, cx: c.cx, cy: c.cy, box, moved });
      break;
    }
  }
  return placed;
}

// A label's size for this screen: phones get larger text, since the map is drawn smaller.
export function labelSize(desktop, phone) {
  return window.matchMedia("(max-width: 640px)").matches ? phone : desktop;
}
