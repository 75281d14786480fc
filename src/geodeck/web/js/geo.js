// Natural Earth country shapes (geo/*.json, made by python -m tools geometry) drawn as SVG.

import { s } from "./dom.js";

const cache = new Map();
const RAD = Math.PI / 180;

export const EUROPE_BOX = [-32, 26, 75, 84];

// The countries of one file, each with its rings decoded to [lon, lat] pairs.
export function loadShapes(name) {
  if (!cache.has(name)) {
    const url = new URL(`../geo/${name}.json`, import.meta.url);
    cache.set(
      name,
      fetch(url)
        .then((response) => {
          if (!response.ok) throw new Error(`${url}: ${response.status}`);
          return response.json();
        })
        .then((data) => decode(data)),
    );
  }
  return cache.get(name);
}

// The shapes of one file for a table's views: kept in `memory.shapes` once loaded (false if
// the load failed); the first call starts the load and `done` runs when it ends.
export function wantShapes(memory, name, done) {
  memory.shapes = memory.shapes || {};
  if (name in memory.shapes) return;
  memory.shapes[name] = null;
  loadShapes(name).then(
    (shapes) => {
      memory.shapes[name] = shapes;
      done();
    },
    () => {
      memory.shapes[name] = false;
      done();
    },
  );
}

// The shapes `wantShapes` has loaded: the shapes, null while loading, false if it failed.
export function shapesOf(memory, name) {
  return memory.shapes && name in memory.shapes ? memory.shapes[name] : null;
}

function decode(data) {
  const unit = data.unit;
  const countries = data.countries.map((country) => ({
    id: country.id,
    name: country.name,
    label: country.label,
    rings: country.rings.map((flat) => {
      const ring = [];
      let x = 0;
      let y = 0;
      for (let i = 0; i < flat.length; i += 2) {
        x += flat[i];
        y += flat[i + 1];
        ring.push([x * unit, y * unit]);
      }
      return ring;
    }),
  }));
  return { box: data.box, countries, byId: new Map(countries.map((c) => [c.id, c])) };
}

// Lambert azimuthal equal-area around (lon0, lat0): Europe's usual map projection.
export function azimuthal(lon0, lat0) {
  const l0 = lon0 * RAD;
  const sin0 = Math.sin(lat0 * RAD);
  const cos0 = Math.cos(lat0 * RAD);
  const project = ([lon, lat]) => {
    const l = lon * RAD - l0;
    const p = lat * RAD;
    const cosc = sin0 * Math.sin(p) + cos0 * Math.cos(p) * Math.cos(l);
    const k = Math.sqrt(2 / (1 + Math.max(cosc, -0.999)));
    return [k * Math.cos(p) * Math.sin(l), -k * (cos0 * Math.sin(p) - sin0 * Math.cos(p) * Math.cos(l))];
  };
  project.visible = ([lon, lat]) =>
    sin0 * Math.sin(lat * RAD) + cos0 * Math.cos(lat * RAD) * Math.cos(lon * RAD - l0) > 0.05;
  return project;
}

// Plate carrée squeezed by the cosine of the middle latitude, for views of the whole world.
export function flat(latMid) {
  const squeeze = Math.max(0.5, Math.cos(latMid * RAD));
  const project = ([lon, lat]) => [lon * RAD * squeeze, -lat * RAD];
  project.visible = () => true;
  return project;
}

// A projection for points spread over a lon/lat box, and that box as a viewBox.
export function fit(box, width, height, pad = 0.06) {
  const [west, south, east, north] = box;
  const wide = east - west > 100 || north - south > 70;
  const project = wide ? flat((south + north) / 2) : azimuthal((west + east) / 2, (south + north) / 2);
  const xs = [];
  const ys = [];
  const steps = 8;
  for (let i = 0; i <= steps; i += 1) {
    for (let j = 0; j <= steps; j += 1) {
      const [x, y] = project([west + ((east - west) * i) / steps, south + ((north - south) * j) / steps]);
      xs.push(x);
      ys.push(y);
    }
  }
  let x0 = Math.min(...xs);
  let x1 = Math.max(...xs);
  let y0 = Math.min(...ys);
  let y1 = Math.max(...ys);
  const padX = (x1 - x0) * pad;
  const padY = (y1 - y0) * pad;
  x0 -= padX;
  x1 += padX;
  y0 -= padY;
  y1 += padY;
  const scale = Math.min(width / (x1 - x0), height / (y1 - y0));
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const toScreen = (point) => {
    const [x, y] = project(point);
    return [width / 2 + (x - cx) * scale, height / 2 + (y - cy) * scale];
  };
  toScreen.visible = project.visible;
  return toScreen;
}

export function pathOf(country, toScreen) {
  const parts = [];
  for (const ring of country.rings) {
    if (!ring.every(toScreen.visible)) continue;
    let d = "";
    let last = null;
    // A ring that crosses the antimeridian (Russia, Fiji) jumps from 180° to -180°: its
    // longitudes are carried on past 180° instead, so that no edge spans the whole map.
    let shift = 0;
    let previous = null;
    for (const [lon, lat] of ring) {
      let along = lon + shift;
      if (previous !== null && Math.abs(along - previous) > 180) {
        const turn = along > previous ? -360 : 360;
        shift += turn;
        along += turn;
      }
      previous = along;
      const [x, y] = toScreen([along, lat]);
      const key = `${x.toFixed(1)},${y.toFixed(1)}`;
      if (key === last) continue;
      d += (d ? "L" : "M") + key;
      last = key;
    }
    if (d) parts.push(`${d}Z`);
  }
  return parts.join("");
}

// The smallest lon/lat box around the points, grown to at least `minSpan` degrees.
export function boxAround(points, minSpan = 6) {
  let west = Math.min(...points.map((p) => p[0]));
  let east = Math.max(...points.map((p) => p[0]));
  let south = Math.min(...points.map((p) => p[1]));
  let north = Math.max(...points.map((p) => p[1]));
  if (east - west < minSpan) {
    const mid = (east + west) / 2;
    west = mid - minSpan / 2;
    east = mid + minSpan / 2;
  }
  if (north - south < minSpan * 0.7) {
    const mid = (north + south) / 2;
    south = mid - minSpan * 0.35;
    north = mid + minSpan * 0.35;
  }
  const padLon = (east - west) * 0.12;
  const padLat = (north - south) * 0.12;
  return [
    Math.max(-180, west - padLon),
    Math.max(-85, south - padLat),
    Math.min(180, east + padLon),
    Math.min(85, north + padLat),
  ];
}

export function inside(box, outer) {
  return box[0] >= outer[0] && box[1] >= outer[1] && box[2] <= outer[2] && box[3] <= outer[3];
}

// An <svg> with every country of `shapes` as a path; `style(country)` gives its attributes.
export function countryLayer(shapes, toScreen, style = () => ({})) {
  const group = s("g", { class: "countries" });
  for (const country of shapes.countries) {
    const d = pathOf(country, toScreen);
    if (!d) continue;
    group.append(s("path", { d, "data-country": country.id, ...style(country) }));
  }
  return group;
}
