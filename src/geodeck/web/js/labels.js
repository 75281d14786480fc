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
  if (centre) out.push({ cx: x, cy: y, far: 1 });
  for (const far of [1, 2, 3, 4]) {
    const g = gap * far + (far - 1) * lh * 0.5;
    out.push(
      { cx: x + g + w / 2, cy: y, far },
      { cx: x - g - w / 2, cy: y, far },
      { cx: x, cy: y - g - lh / 2, far },
      { cx: x, cy: y + g + lh / 2, far },
      { cx: x + g + w / 2, cy: y - g - lh / 2 + 4, far },
      { cx: x - g - w / 2, cy: y - g - lh / 2 + 4, far },
      { cx: x + g + w / 2, cy: y + g + lh / 2 - 4, far },
      { cx: x - g - w / 2, cy: y + g + lh / 2 - 4, far },
    );
  }
  return out;
}

// How far the point `p` lies from the box `b` (0 inside it).
function reach(b, p) {
  return Math.hypot(Math.max(b.x0 - p.x, 0, p.x - b.x1), Math.max(b.y0 - p.y, 0, p.y - b.y1));
}

// `items`: { x, y, text, size, weight, gap, centre, ...anything } in the order they choose;
// `marks`: boxes { x0, y0, x1, y1 } no label may cover (the dots). Returns the items that
// found a place, each with `cx`, `cy` (the middle of its text: draw it with
// text-anchor="middle" and dominant-baseline="central"), its `box` and `moved` (true when
// it stands away from its point, so a leader line must join them). A label beside its
// point is one nearer that point than any other mark: one nearer another's ("Pontedera
// 14 m" under Piombino's dot) would read as that one's, so the nearest place that is not
// is taken first, and a label with none but such places is joined to its point too.
export function placeLabels(items, marks, width, height, margin = 2) {
  const taken = [...marks];
  const points = marks.map((m) => ({ x: (m.x0 + m.x1) / 2, y: (m.y0 + m.y1) / 2 }));
  const placed = [];
  for (const item of items) {
    const w = textWidth(item.text, item.size, item.weight) + 2;
    const lh = lineHeight(item.size);
    const gap = item.gap ?? 7;
    const own = { x: item.x, y: item.y };
    const others = points.filter((p) => Math.hypot(p.x - own.x, p.y - own.y) > 0.5);
    const free = candidates(item.x, item.y, w, lh, gap, item.centre)
      .map((c) => ({ ...c, box: { x0: c.cx - w / 2, x1: c.cx + w / 2, y0: c.cy - lh / 2, y1: c.cy + lh / 2 } }))
      .filter(({ box }) => box.x0 >= margin && box.y0 >= margin && box.x1 <= width - margin && box.y1 <= height - margin)
      .filter(({ box }) => !taken.some((other) => overlaps(box, other)));
    const mine = (c) => !others.some((p) => reach(c.box, p) < reach(c.box, own));
    const c = free.find((f) => mine(f) && f.far === 1) || free[0];
    if (!c) continue;
    taken.push(c.box);
    placed.push({ ...item, cx: c.cx, cy: c.cy, box: c.box, moved: c.far > 1 || !mine(c) });
  }
  return placed;
}

// A label's size for this screen: phones get larger text, since the map is drawn smaller.
export function labelSize(desktop, phone) {
  return window.matchMedia("(max-width: 640px)").matches ? phone : desktop;
}
