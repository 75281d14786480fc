"""What a test can see of a drawn map: country outlines that run across it (a ring crossing
180° drawn the long way round), labels that cover each other or leave the map, and a
scoring's label that would read as another dot's (nearer it than its own, with no line
to its own)."""

from __future__ import annotations

from playwright.sync_api import Page

MAP_CHECK = """([selector, whole]) => {
  const shownSpan = ([ax, ay], [bx, by], width, height) => {
    let t0 = 0;
    let t1 = 1;
    const dx = bx - ax;
    const dy = by - ay;
    for (const [p, q] of [[-dx, ax], [dx, width - ax], [-dy, ay], [dy, height - ay]]) {
      if (p === 0) {
        if (q < 0) return 0;
      } else if (p < 0) {
        t0 = Math.max(t0, q / p);
      } else {
        t1 = Math.min(t1, q / p);
      }
    }
    return t1 > t0 ? Math.abs(dx) * (t1 - t0) : 0;
  };
  const svg = document.querySelector(selector);
  if (!svg) return ['no ' + selector];
  const width = svg.viewBox.baseVal.width;
  const height = svg.viewBox.baseVal.height;
  const problems = [];
  const paths = [...svg.querySelectorAll('path[data-country]')];
  if (!paths.length) problems.push('no country drawn');
  for (const path of paths) {
    const id = path.dataset.country;
    if (whole) {
      // The path's box, as far as it lies on the map.
      const b = path.getBBox();
      const span = Math.min(width, b.x + b.width) - Math.max(0, b.x);
      if (span > width / 2) problems.push(`${id} spans ${Math.round(span)} of ${width}`);
    }
    // Every edge of every ring (the d is M x,y L x,y ... Z, absolute), as far as it is
    // on the map (Liang-Barsky): far-off countries may have long edges off the map.
    for (const ring of path.getAttribute('d').split('Z')) {
      const points = [...ring.matchAll(/[ML](-?[0-9.]+),(-?[0-9.]+)/g)].map((m) => [
        Number(m[1]),
        Number(m[2]),
      ]);
      for (let i = 1; i < points.length; i += 1) {
        const span = shownSpan(points[i - 1], points[i], width, height);
        if (span > width / 2) {
          problems.push(`${id} has an edge across ${Math.round(span)} of ${width}`);
          break;
        }
      }
    }
  }
  const boxes = [...svg.querySelectorAll('text')].map((text) => {
    const b = text.getBBox();
    return { text: text.textContent, x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height };
  });
  for (const b of boxes) {
    const off = b.x0 < 0 || b.y0 < 0 || b.x1 > width || b.y1 > height;
    if (off) problems.push(`${b.text} off the map`);
  }
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const a = boxes[i];
      const b = boxes[j];
      const pad = 0.5;
      if (a.x0 + pad < b.x1 && b.x0 + pad < a.x1 && a.y0 + pad < b.y1 && b.y0 + pad < a.y1) {
        problems.push(`${a.text} covers ${b.text}`);
      }
    }
  }
  return problems;
}"""


OWNERS = r"""(selector) => {
  const svg = document.querySelector(selector);
  const at = (dot) => {
    const m = /translate\(([-0-9.]+),([-0-9.]+)\)/.exec(dot.getAttribute('transform'));
    return { x: Number(m[1]), y: Number(m[2]), card: dot.dataset.card };
  };
  const dots = [...svg.querySelectorAll('.dot[data-card]')].map(at);
  const lines = [...svg.querySelectorAll('.leaders line')].map((l) => ({
    x: Number(l.getAttribute('x1')), y: Number(l.getAttribute('y1')),
  }));
  const reach = (b, p) => Math.hypot(
    Math.max(b.x - p.x, 0, p.x - b.x - b.width), Math.max(b.y - p.y, 0, p.y - b.y - b.height));
  const problems = [];
  for (const label of svg.querySelectorAll('.labels text[data-card]')) {
    const own = dots.find((d) => d.card === label.dataset.card);
    const joined = lines.some((l) => Math.abs(l.x - own.x) < 0.2 && Math.abs(l.y - own.y) < 0.2);
    const box = label.getBBox();
    const nearer = dots.find((d) => d !== own && reach(box, d) < reach(box, own) - 0.5);
    if (!joined && nearer) {
      problems.push(`${label.textContent} reads as ${nearer.card}'s`);
    }
  }
  return problems;
}"""


def label_owners(page: Page, selector: str) -> list[str]:
    """Each label of a scoring's map nearer another dot than its own with no line to its
    own: it would read as the other card's."""
    problems: list[str] = page.evaluate(OWNERS, selector)
    return problems


def map_problems(page: Page, selector: str, *, whole: bool) -> list[str]:
    """Everything wrong with the map ``selector`` shows: an edge across more than half its
    width, with ``whole`` a country whose outline spans more than half of it, a label off
    the map or over another. The labels are counted from the map's text elements."""
    problems: list[str] = page.evaluate(MAP_CHECK, [selector, whole])
    return problems


def label_count(page: Page, selector: str) -> int:
    count: int = page.evaluate(f"document.querySelectorAll('{selector} text').length")
    return count


def scoring_map_problems(page: Page) -> list[str]:
    """The problems of every scoring's map, each tab opened in turn. A scoring's map may
    rightly show a country wider than half of it (Russia beside the Baltic, Canada), so
    only its edges are held to half the width."""
    problems: list[str] = []
    tabs = page.locator("#scorings .tab")
    for i in range(tabs.count()):
        tabs.nth(i).click()
        page.locator("#scorings .scoring-map .dots").wait_for(state="attached")
        labels = label_count(page, "#scorings .scoring-map .labels")
        dots = page.locator("#scorings .scoring-map .dot").count()
        if dots and not labels:
            problems.append(f"scoring {i + 1}: no label")
        found = map_problems(page, "#scorings .scoring-map", whole=False)
        found += label_owners(page, "#scorings .scoring-map")
        problems.extend(f"scoring {i + 1}: {p}" for p in found)
    return problems
