// The referee at the table. Draws the engine's answers over the map; computes no ruling:
// every cost, event, block and rule number shown comes from /api/ (docs/web.md).
"use strict";

const NS = "http://www.w3.org/2000/svg";
const CHECKS = [
  { procedure: "mc", n: 1, label: "1MC" },
  { procedure: "nmc", label: "NMC" },
  { procedure: "ptc", label: "PTC" },
  { procedure: "panji", label: "Panji MC" },
];
const MOVE_OPTIONS = ["phase", "assault", "double-time", "low-crawl", "riding", "leading",
  "galloping", "manhandling", "column"];
const FIRE_OPTIONS = ["phase", "moving", "assault-movement", "fired", "leader", "no-leader",
  "area-fire", "summary", "rolls"];
const CC_OPTIONS = ["attacker", "hand-to-hand", "ambush", "drm", "defender-drm", "summary",
  "rolls"];
const OUTCOME_BARS = 10; // the likeliest outcomes drawn as bars; the rest folded under them

const state = {
  map: null, fields: null, svg: null, layers: {}, mode: "hex",
  unit: null, reach: null, steps: [], losFrom: null, view: null, timing: {},
  firers: [], fireTarget: null, fire: null, fireAsked: 0, losAsked: 0, placing: null,
  ccWhere: null, cc: null, ccAsked: 0, sightFrom: null, sightAsked: 0, sight: null,
  game: gameOfUrl(),
  at: null, // a game played from a record, stepped back: the position after this many actions
};
window.referee = state;

// ---------------------------------------------------------------------------------------
// talking to the engine: each tab asks about its own game (?game=KEY in the page's URL;
// none: the game the server was started with)

function gameOfUrl() { return new URLSearchParams(location.search).get("game") || "0"; }

function apiUrl(path) {
  return "/api/" + path + "?game=" + encodeURIComponent(state.game)
    + (state.at === null ? "" : "&at=" + state.at);
}

function changed() {
  // what the player has built changed (a path, the firers and target, a CC's Location): a
  // game played on the page offers to play it (game.js)
  if (typeof gameChanged === "function") gameChanged();
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  };
  const r = await fetch(apiUrl(path), init);
  const data = await r.json();
  if (!r.ok) throw new Error(words(data.error || r.statusText));
  return data;
}

function showPanel(id) {
  // the section answering the player's last click, shown at the top of the side panel
  const section = document.getElementById(id);
  section.hidden = false;
  const panel = document.getElementById("ui-panel");
  // (under the game's record when a game is played: the answer then scrolled to)
  const game = document.body.dataset.game === "played" ? document.getElementById("game-panel") : null;
  if (game) {
    if (game.nextElementSibling !== section) game.after(section);
  } else if (panel.firstElementChild !== section) panel.prepend(section);
  panel.scrollTop = 0;
  if (game) panel.scrollTop = section.getBoundingClientRect().top - panel.getBoundingClientRect().top;
}

function status(text, bad) {
  const s = document.getElementById("ui-status");
  s.textContent = text || "";
  s.className = bad ? "bad" : "";
}

function words(line) {
  // a refusal in the page's words: the command line's "aslpto:" (or "aslpto move:") left off
  return String(line).replace(/^aslpto( [a-z]+)?: /, "");
}

function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function sv(tag, attrs, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// ---------------------------------------------------------------------------------------
// the map

function corners(name, scale) {
  const [x, y] = state.map.hexes[name];
  const r = state.map.radius * (scale || 1);
  const ry = (state.map.radius_y || state.map.radius) * (scale || 1) * 2 / Math.sqrt(3);
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 3 * i;
    pts.push((x + r * Math.cos(a)).toFixed(1) + "," + (y + ry * Math.sin(a)).toFixed(1));
  }
  return pts.join(" ");
}

function toMap(p) {
  // a point of the page's layers (map.hexes: the SVG's #map group, or the boards' pictures'
  // own pixels when map.frame is the matrix taking those to #map) in #map's coordinates
  const f = state.map.frame;
  return f ? [f[0] * p[0] + f[2] * p[1] + f[4], f[1] * p[0] + f[3] * p[1] + f[5]] : p;
}

const scriptsRun = new Promise((resolve) => {
  // every script of the page run (DOMContentLoaded: the parser has run each in turn)
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => resolve(), { once: true });
  } else resolve();
});

async function loadMap(keepView) {
  const [map, fields, text] = await Promise.all([
    api("map"), api("fields"), fetch(apiUrl("map.svg")).then((r) => r.text()),
  ]);
  const view = keepView && state.view;
  state.map = map;
  state.losFrom = null;
  state.placing = null;
  for (const id of ["los-panel", "hex-panel"]) document.getElementById(id).hidden = true;
  for (const id of ["los-info", "terrain-info"]) document.getElementById(id).replaceChildren();
  document.getElementById("ui-first").hidden = state.game === "0";
  state.fields = fields;
  document.getElementById("ui-scenario").textContent = map.name || map.scenario;
  document.title = (map.name || map.scenario) + " — aslpto";
  const box = document.getElementById("view");
  box.innerHTML = text.replace(/^<\?xml[^>]*>\s*/, "");
  const svg = box.querySelector("svg");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  state.svg = svg;
  const vb = svg.getAttribute("viewBox").split(/\s+/).map(Number);
  // the SVG's legend, as wide as the map under the boards, is shown in the panel instead
  // (never clipped, at any zoom): the whole map then ends at the boards
  state.view = { x: vb[0], y: vb[1], w: vb[2], h: showLegend(svg, vb[3] + vb[1]) - vb[1] };
  let g = svg.querySelector("g#map");
  // the boards' own pictures (map.pictures) are drawn by the SVG under its hexsides and
  // counters; the page's layers then lie in the pictures' pixels (map.frame)
  document.body.dataset.pictures = String(Object.keys(map.pictures || {}).length);
  // the page's layers lie on the boards: a reach, a path or a mark of a half hex on a board's
  // edge stops at the edge (the SVG's own clip of the boards), over no legend or margin; the
  // units' tags lie on their counters, unclipped
  const frameOf = (parent, id, attrs) => {
    const box = sv("g", { id, ...attrs });
    parent.appendChild(box);
    if (!map.frame) return box;
    const frame = sv("g", { class: "pixel-frame", transform: `matrix(${map.frame.join(" ")})` });
    box.appendChild(frame);
    return frame;
  };
  const clipped = frameOf(g, "page-layers",
    svg.querySelector("clipPath#boards") ? { "clip-path": "url(#boards)" } : {});
  const free = frameOf(g, "page-units", {});
  for (const name of ["sight", "reach", "path", "fire", "cc", "los", "mark", "hits", "units"]) {
    state.layers[name] = sv("g", { id: "layer-" + name });
    (name === "units" ? free : clipped).appendChild(state.layers[name]);
  }
  for (const name of Object.keys(map.hexes)) {
    state.layers.hits.appendChild(sv("polygon", {
      class: "hex-hit", "data-hex": name, points: corners(name),
    }));
  }
  state.layers.hits.addEventListener("pointerover", sightTip);
  sightPolygons();
  state.full = { ...state.view };
  setView(); // (the whole map, ending at the boards, until the units are fitted)
  state.origin = (g.getAttribute("transform") || "").match(/-?[\d.]+/g)?.map(Number) || [0, 0];
  if (view) { state.view = view; setView(); } else fitUnits(true);
  drawUnits();
  listOffMap();
  buildOptions();
  buildFireOptions();
  buildCcOptions();
  clearUnit();
  clearFire();
  clearCc();
  status("");
  // game.js is loaded after this file: its hook is there once the page's scripts have all run
  // (the map's answers may come back before game.js does)
  await scriptsRun;
  if (typeof gameMapLoaded === "function") await gameMapLoaded();
}

function drawUnits() {
  // each unit's tag (its id, clicked to pick it) lies on the foot of its counter as the SVG
  // draws it, as wide as the counter, so that tags of a stack never overlap one another nor
  // hide a counter; a unit the SVG draws no counter for (a stack past its cells) gets a tag
  // under its hex's centre, one below another
  const layer = state.layers.units;
  layer.replaceChildren();
  const f = state.map.frame || [1, 0, 0, 1, 0, 0];
  const spare = {};
  const r = state.map.radius;
  for (const u of state.map.units) {
    if (!u.hex || !state.map.hexes[u.hex]) continue;
    const face = counterFace(u.id);
    let cx, cy, w, h;
    if (face) {
      const x = +face.getAttribute("x"), y = +face.getAttribute("y");
      const fw = +face.getAttribute("width"), fh = +face.getAttribute("height");
      w = fw / f[0];
      h = fh * 0.36 / f[3];
      cx = (x + fw / 2 - f[4]) / f[0];
      cy = (y + fh - f[5]) / f[3] - h / 2;
    } else {
      const [x, y] = state.map.hexes[u.hex];
      const k = spare[u.hex] = (spare[u.hex] || 0) + 1;
      h = r * 0.3;
      w = Math.max(r * 0.6, h * 0.62 * String(u.id).length + h * 0.4);
      cx = x;
      cy = y + r * 0.2 + k * h * 1.1;
    }
    const chip = sv("g", { class: "unit-chip side-" + slug(u.side), "data-unit": u.id,
      transform: `translate(${cx.toFixed(2)},${cy.toFixed(2)})` });
    chip.appendChild(sv("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: h * 0.2 }));
    const fs = h * 0.78;
    const text = sv("text", { y: fs * 0.36, "text-anchor": "middle", style: `font-size:${fs.toFixed(2)}px` }, u.id);
    if (String(u.id).length * fs * 0.62 > w - 1) {
      text.setAttribute("textLength", (w - 1).toFixed(2));
      text.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
    chip.appendChild(text);
    chip.appendChild(sv("title", {}, `${u.id} ${u.counter || u.kind} (${u.side}, ${u.position})`));
    layer.appendChild(chip);
  }
}

function counterFace(id) {
  // the face of the unit's counter in the SVG (<g id="unit-ID"> in #counters: its shadow,
  // then its face), in #map's coordinates
  const g = state.svg.querySelector(`#counters g[id="unit-${CSS.escape(id)}"]`);
  const rects = g ? g.querySelectorAll(":scope > rect") : [];
  return rects.length ? rects[rects.length > 1 ? 1 : 0] : null;
}

function showLegend(svg, bottom) {
  // the legend's items (each a swatch, then its label: a text anchored at its start) listed
  // in the panel, each swatch drawn as the SVG draws it; the SVG's own legend hidden. The
  // bottom of the map without it: the rule over the legend, less its gap
  const g = svg.querySelector("g#legend");
  const list = document.getElementById("legend-list");
  list.replaceChildren();
  document.getElementById("legend-panel").hidden = !g;
  if (!g) return bottom;
  g.setAttribute("display", "none");
  const kids = [...g.children];
  const heading = kids.findIndex((n) => n.tagName === "text");
  let swatch = [];
  for (const n of kids.slice(heading + 1)) {
    if (n.tagName !== "text" || n.getAttribute("text-anchor") !== "start") {
      swatch.push(n);
      continue;
    }
    // the swatch is centred 16 units left of its label's start and 3.5 above its baseline
    const x = +n.getAttribute("x") - 16, y = +n.getAttribute("y") - 3.5;
    const icon = sv("svg", { class: "swatch", viewBox: `${x - 13} ${y - 13} 26 26` });
    for (const s of swatch) icon.appendChild(s.cloneNode(true));
    const li = el("li", { class: "legend-item" });
    li.append(icon, el("span", {}, n.textContent));
    list.appendChild(li);
    swatch = [];
  }
  document.getElementById("legend-count").textContent = `(${list.children.length})`;
  const rule = g.querySelector("line");
  return rule ? Math.min(bottom, +rule.getAttribute("y1") - 4) : bottom;
}

function boardsBox() {
  // the boards' edges (the SVG's clip of the boards, in #map's frame) in the SVG's own
  // coordinates; null without boards
  const rects = [...state.svg.querySelectorAll("clipPath#boards rect")];
  if (!rects.length) return null;
  const [ox, oy] = state.origin;
  const n = (r, k) => +r.getAttribute(k);
  return {
    x0: Math.min(...rects.map((r) => n(r, "x"))) + ox,
    y0: Math.min(...rects.map((r) => n(r, "y"))) + oy,
    x1: Math.max(...rects.map((r) => n(r, "x") + n(r, "width"))) + ox,
    y1: Math.max(...rects.map((r) => n(r, "y") + n(r, "height"))) + oy,
  };
}

function fitUnits(first) {
  // the first view: the hexes the units stand in, five hexes around them; a board's edge
  // nearer that box than half its extent is taken in, so that the view starts at the edge
  // rather than cutting the board mid-hex; the view then given the map's shape on the screen,
  // grown away from an edge taken in. With every unit off the map, the whole map and the
  // list of the units off it
  const pts = state.map.units.filter((u) => u.hex).map((u) => toMap(state.map.hexes[u.hex]));
  if (!pts.length) {
    if (state.map.units.length) {
      showPanel("offmap-panel");
      if (!first) status(`all ${state.map.units.length} units are off the map: see the list`);
    }
    return;
  }
  const r = state.map.radius * (state.map.frame ? Math.hypot(state.map.frame[0], state.map.frame[1]) : 1);
  const m = r * 5; // (five hexes, in the SVG's units: map.radius is in the pictures' pixels)
  const [ox, oy] = state.origin;
  let x0 = Math.min(...pts.map((p) => p[0])) - m + ox, x1 = Math.max(...pts.map((p) => p[0])) + m + ox;
  let y0 = Math.min(...pts.map((p) => p[1])) - m + oy, y1 = Math.max(...pts.map((p) => p[1])) + m + oy;
  const edges = { left: false, right: false, top: false, bottom: false };
  const b = boardsBox();
  if (b) {
    const pad = r * 0.4; // a little of the margin beyond the edge
    const w = x1 - x0, h = y1 - y0;
    if (x0 - b.x0 < w / 2) { x0 = b.x0 - pad; edges.left = true; }
    if (b.x1 - x1 < w / 2) { x1 = b.x1 + pad; edges.right = true; }
    if (y0 - b.y0 < h / 2) { y0 = b.y0 - pad; edges.top = true; }
    if (b.y1 - y1 < h / 2) { y1 = b.y1 + pad; edges.bottom = true; }
  }
  const f = state.full;
  x0 = Math.max(f.x, x0); x1 = Math.min(f.x + f.w, x1);
  y0 = Math.max(f.y, y0); y1 = Math.min(f.y + f.h, y1);
  const box = document.getElementById("view").getBoundingClientRect();
  const aspect = box.width > 0 && box.height > 0 ? box.width / box.height : (x1 - x0) / (y1 - y0);
  const grow = (a0, a1, extra, low, high) => {
    // grown by extra, on the side of no edge taken in (both when neither or both are)
    if (low && !high) return [a0, a1 + extra];
    if (high && !low) return [a0 - extra, a1];
    return [a0 - extra / 2, a1 + extra / 2];
  };
  if ((x1 - x0) / (y1 - y0) < aspect) {
    [x0, x1] = grow(x0, x1, (y1 - y0) * aspect - (x1 - x0), edges.left, edges.right);
  } else {
    [y0, y1] = grow(y0, y1, (x1 - x0) / aspect - (y1 - y0), edges.top, edges.bottom);
  }
  state.view = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  setView();
}

function slug(s) { return String(s || "").toLowerCase().replace(/[^a-z0-9]+/g, "-"); }

function setView() {
  const v = state.view;
  state.svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
}

function svgPoint(evt) {
  const p = state.svg.createSVGPoint();
  p.x = evt.clientX;
  p.y = evt.clientY;
  return p.matrixTransform(state.svg.getScreenCTM().inverse());
}

function zoomAt(p, k) {
  // the view scaled by k about the point p of the map (k > 1: zoomed out)
  const v = state.view;
  state.view = { x: p.x - (p.x - v.x) * k, y: p.y - (p.y - v.y) * k, w: v.w * k, h: v.h * k };
  setView();
}

function zoomCentre(k) {
  if (!state.svg) return;
  const v = state.view;
  zoomAt({ x: v.x + v.w / 2, y: v.y + v.h / 2 }, k);
}

function panZoom() {
  const box = document.getElementById("view");
  let drag = null;
  const touches = new Map(); // the pointers down on the map: two of them pinch
  let pinch = null;
  box.addEventListener("wheel", (e) => {
    if (!state.svg) return;
    e.preventDefault();
    zoomAt(svgPoint(e), e.deltaY > 0 ? 1.15 : 1 / 1.15);
  }, { passive: false });
  box.addEventListener("pointerdown", (e) => {
    if (!state.svg || e.button !== 0) return;
    touches.set(e.pointerId, [e.clientX, e.clientY]);
    if (touches.size === 2) {
      const [a, b] = [...touches.values()];
      pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, view: { ...state.view } };
      if (drag) drag.moved = true; // a pinch is no click
      return;
    }
    drag = { x: e.clientX, y: e.clientY, view: { ...state.view }, moved: false };
  });
  window.addEventListener("pointermove", (e) => {
    if (touches.has(e.pointerId)) touches.set(e.pointerId, [e.clientX, e.clientY]);
    if (pinch && touches.size === 2) {
      const [a, b] = [...touches.values()];
      const k = pinch.d / (Math.hypot(a[0] - b[0], a[1] - b[1]) || 1);
      const mid = svgPoint({ clientX: (a[0] + b[0]) / 2, clientY: (a[1] + b[1]) / 2 });
      state.view = { ...pinch.view };
      zoomAt(mid, k);
      return;
    }
    // only while the button that started the drag is held: a pointer moving between two
    // clicks must not pan the map (it would move the second click's target under the first)
    if (!drag || drag.up || !(e.buttons & 1)) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 5) return;
    drag.moved = true;
    const scale = drag.view.w / state.svg.getBoundingClientRect().width;
    state.view = { ...drag.view, x: drag.view.x - dx * scale, y: drag.view.y - dy * scale };
    setView();
  });
  const up = (e) => {
    touches.delete(e.pointerId);
    if (touches.size < 2) pinch = null;
    if (drag) drag.up = true;
  };
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", up);
  box.addEventListener("click", (e) => {
    const panned = drag && drag.moved;
    drag = null;
    if (panned) return;
    const hit = e.target.closest(".hex-hit") || hexAt(e);
    if (state.placing && hit) return place(hit.dataset.hex);
    const chip = e.target.closest(".unit-chip");
    if (chip) return clickUnit(chip.dataset.unit, e);
    // a counter's picture is its unit (in Hex mode, its hex); with a unit moving, a hex it
    // can reach is a step of its path though counters lie in it
    const counter = state.mode === "hex" ? null : counterAt(e);
    if (counter) {
      const step = state.mode === "move" && state.unit && counter !== state.unit && hit
        && state.reach && state.reach.locations.some((l) => l.hex === hit.dataset.hex);
      if (!step) return clickUnit(counter, e);
    }
    if (hit) return clickHex(hit.dataset.hex);
  });
}

function hexAt(e) {
  return document.elementsFromPoint(e.clientX, e.clientY).find((n) => n.matches(".hex-hit"));
}

function counterAt(e) {
  // the unit whose counter the SVG draws under the pointer (<g id="unit-ID"> in #counters)
  for (const n of document.elementsFromPoint(e.clientX, e.clientY)) {
    const g = n.closest && n.closest('#counters g[id^="unit-"]');
    if (g && unitById(g.id.slice(5))) return g.id.slice(5);
  }
  return null;
}

// ---------------------------------------------------------------------------------------
// units off the map: listed, and placed on a hex

function listOffMap() {
  const off = state.map.units.filter((u) => !u.hex);
  const section = document.getElementById("offmap-panel");
  section.hidden = !off.length;
  document.getElementById("offmap-count").textContent = String(off.length);
  const box = document.getElementById("offmap-list");
  box.replaceChildren();
  const canPlace = Object.keys(state.map.hexes).length > 0;
  document.getElementById("offmap-note").textContent = canPlace
    ? "click a unit, then the hex to place it in"
    : "this game has no boards: its units cannot be placed";
  const bySide = new Map();
  for (const u of off) bySide.set(u.side, [...(bySide.get(u.side) || []), u]);
  for (const [side, units] of bySide) {
    const p = el("p", { class: "offmap-side" });
    p.appendChild(el("b", {}, `${side} (${units.length}): `));
    for (const u of units) {
      const b = el("button", { type: "button", class: "offmap-unit", "data-unit": u.id,
        title: `${u.id}: ${u.nationality} ${u.kind} ${u.counter || ""}` },
      `${u.id} ${u.counter || u.kind}`);
      b.disabled = !canPlace;
      b.addEventListener("click", () => pickToPlace(u.id));
      p.appendChild(b);
    }
    box.appendChild(p);
  }
  if (off.length) showPanel("offmap-panel");
}

function pickToPlace(id) {
  state.placing = state.placing === id ? null : id;
  for (const b of document.querySelectorAll(".offmap-unit")) {
    b.classList.toggle("on", b.dataset.unit === state.placing);
  }
  status(state.placing ? `click the hex to place ${id} in` : "");
}

async function place(hex) {
  const id = state.placing;
  state.placing = null;
  try {
    const r = await fetch(apiUrl("place"), { method: "POST",
      headers: { "content-type": "application/json" }, body: JSON.stringify({ unit: id, hex }) });
    const data = await r.json();
    if (!r.ok) throw new Error(words(data.error || r.statusText));
    goTo(data.game, true);
    await loadMap(true);
    status(`${id} placed in ${hex}`);
  } catch (e) {
    status(e.message, true);
  }
}

function goTo(game, push) {
  // the tab's game, named in its URL (a reload, a bookmark or the back button bring it back)
  state.at = null;
  if (game === state.game) return;
  state.game = game;
  const url = game === "0" ? location.pathname : "?game=" + encodeURIComponent(game);
  if (push) history.pushState({ game }, "", url);
}

// ---------------------------------------------------------------------------------------
// modes and clicks

function setMode(mode) {
  const was = state.mode;
  state.mode = mode;
  for (const b of document.querySelectorAll("#ui-modes button")) {
    b.classList.toggle("on", b.dataset.mode === mode);
  }
  document.body.dataset.mode = mode;
  if (mode !== "los") { state.losFrom = null; }
  else {
    clearUnit(); // the LOS alone on the map: no reach nor path left from Move mode
    showPanel("los-panel");
  }
  // a mode whose answer stands alone on the map and at the top of the panel: its panel shown
  // on entering (its answer cleared first, but for Sight), cleared and hidden on leaving
  const alone = { fire: [clearFire, true], sight: [clearSight, false], cc: [clearCc, true] };
  for (const [m, [clear, clearOnEntry]] of Object.entries(alone)) {
    if (mode === m && was !== m) {
      clearUnit();
      for (const l of ["los", "mark"]) state.layers[l] && state.layers[l].replaceChildren();
      for (const id of ["los-panel", "hex-panel"]) document.getElementById(id).hidden = true;
      showPanel(m + "-panel");
      if (clearOnEntry) clear();
    } else if (mode !== m && was === m) {
      clear();
      document.getElementById(m + "-panel").hidden = true;
    }
  }
}

function clickUnit(id, evt) {
  if (state.mode === "los") return pickLos(unitEnd(id));
  if (state.mode === "sight") return showSight(unitEnd(id), evt ? performance.now() : undefined);
  if (state.mode === "fire") return pickFireUnit(id);
  if (state.mode === "cc") return ccAtUnit(id);
  if (state.mode === "hex") setMode("move");
  selectUnit(id, evt ? performance.now() : undefined);
}

function clickHex(name) {
  if (state.placing) return place(name);
  if (state.mode === "move" && state.unit) return stepTo(name);
  if (state.mode === "los") return pickLos(hexEnd(name));
  if (state.mode === "sight") return showSight(hexEnd(name), performance.now());
  if (state.mode === "fire") return fireAt(name);
  if (state.mode === "cc") return ccAt(name);
  return showTerrain(name);
}

// ---------------------------------------------------------------------------------------
// a unit: its options, reach, path and checks

function buildOptions() {
  const form = document.getElementById("move-options");
  form.replaceChildren();
  const fields = Object.fromEntries(state.fields.move.map((f) => [f.name, f]));
  for (const name of MOVE_OPTIONS) {
    const f = fields[name];
    if (!f) continue;
    const label = el("label", { title: f.help });
    let input;
    if (f.kind === "flag") {
      input = el("input", { type: "checkbox", name });
      label.append(input, " " + name);
    } else {
      input = el("select", { name });
      if (!f.choices.includes("mph")) input.appendChild(el("option", { value: "" }, "—"));
      for (const c of f.choices) input.appendChild(el("option", { value: c }, c));
      label.append(name + " ", input);
    }
    input.addEventListener("change", () => { if (state.unit) refreshUnit(); });
    form.appendChild(label);
  }
}

function moveOptions() {
  const out = {};
  for (const input of document.querySelectorAll("#move-options [name]")) {
    if (input.type === "checkbox") { if (input.checked) out[input.name] = true; }
    else if (input.value) out[input.name] = input.value;
  }
  return out;
}

function clearUnit() {
  state.unit = null;
  state.reach = null;
  state.steps = [];
  for (const l of ["reach", "path"]) state.layers[l] && state.layers[l].replaceChildren();
  document.getElementById("unit-panel").hidden = true;
  for (const c of document.querySelectorAll(".unit-chip.on")) c.classList.remove("on");
  changed();
}

async function selectUnit(id, t0) {
  state.unit = id;
  state.steps = [];
  for (const c of document.querySelectorAll(".unit-chip")) {
    c.classList.toggle("on", c.dataset.unit === id);
  }
  showPanel("unit-panel");
  const u = state.map.units.find((x) => x.id === id) || {};
  document.getElementById("unit-name").textContent =
    `${id} ${u.counter || u.kind || ""} (${u.side || "?"}, ${u.hex || "off-map"} ${u.position || ""})`;
  await refreshUnit(t0);
  showOdds(id);
}

async function refreshUnit(t0) {
  const start = t0 === undefined ? performance.now() : t0;
  try {
    const reach = await api("reach", { unit: state.unit, ...moveOptions() });
    state.reach = reach;
    drawReach(reach);
    await new Promise((ok) => requestAnimationFrame(() => ok()));
    state.timing.reach = performance.now() - start;
    document.body.dataset.reachShown = String(reach.unit);
  } catch (e) {
    state.layers.reach.replaceChildren();
    document.getElementById("reach-summary").textContent = e.message;
    status(e.message, true);
  }
  await evaluatePath();
}

function costColour(mf, most) {
  const t = most > 0 ? Math.min(1, mf / most) : 0;
  const hue = 130 - 130 * t;
  return `hsl(${hue.toFixed(0)}, 80%, 48%)`;
}

function drawReach(reach) {
  const layer = state.layers.reach;
  layer.replaceChildren();
  const byHex = new Map();
  for (const loc of reach.locations) {
    const list = byHex.get(loc.hex) || [];
    list.push(loc);
    byHex.set(loc.hex, list);
  }
  const most = Math.max(1, reach.allowance || 0, ...reach.locations.map((l) => l.mf));
  for (const [hex, locs] of byHex) {
    const least = Math.min(...locs.map((l) => l.mf));
    const g = sv("g", { class: "reach-hex", "data-hex": hex, "data-mf": least });
    g.appendChild(sv("polygon", { points: corners(hex, 0.92), fill: costColour(least, most) }));
    const [x, y] = state.map.hexes[hex];
    g.appendChild(sv("text", { x: x, y: y - state.map.radius * 0.45, "text-anchor": "middle" },
      String(least)));
    const lines = locs.map((l) => `${l.position}${l.bypass ? " bypass " + l.bypass : ""}: ${l.mf}`
      + ` MF via ${l.path.join(" ") || "(here)"}${l.ends_move ? " (ends move)" : ""}`);
    g.appendChild(sv("title", {}, `${hex}\n${lines.join("\n")}`));
    layer.appendChild(g);
  }
  const v = reach.violation;
  const summary = document.getElementById("reach-summary");
  summary.textContent =
    `${byHex.size} hex(es), ${reach.locations.length} Location(s)/position(s) within `
    + `${reach.allowance} MF/MP` + (v ? ` — cannot move: ${v.rule}: ${v.message}` : "");
  unchecked(summary, reach);
}

function cheapestPath(hex) {
  // the path of the least MF/MP of the unit's reach into hex (null: not within its reach)
  const locs = ((state.reach && state.reach.locations) || []).filter((l) => l.hex === hex);
  if (!locs.length) return null;
  const best = locs.reduce((a, b) => (b.mf < a.mf ? b : a));
  return best.path.length ? best.path : null;
}

async function stepTo(name) {
  // a hex clicked with a unit moving: the next step of its path; a hex within its reach
  // that is no next step: the cheapest path to it, from the unit's hex
  const u = unitById(state.unit) || {};
  const end = state.steps.length ? state.pathEnd : u.hex;
  if (name === end) return; // clicked again (a double click): the path already ends there
  const cheapest = cheapestPath(name);
  const far = cheapest && {
    path: cheapest, note: `${name} is not next to ${end}: the cheapest path to it from ${u.hex}`,
  };
  await addStep(name, far);
}

async function addStep(step, far) {
  // the next step asked of the engine before it joins the path (/api/step): a step the rules
  // refuse is said above the path with its rule, and the path stays as it was; one that
  // cannot be taken as typed (not next to the path's end) is said so, or, for a hex of the
  // reach (far), the cheapest path to it replaces the path
  if (typeof gameTakesStep === "function" && gameTakesStep(step)) return true; // a rout
  let check;
  try {
    check = await api("step", { unit: state.unit, steps: state.steps, step, ...moveOptions() });
  } catch (e) {
    if (far) {
      state.steps = [...far.path];
      return evaluatePath(far.note);
    }
    return refuseStep(e.message);
  }
  if (!check.legal) {
    const v = check.violation;
    const earlier = check.refused_at < state.steps.length;
    const what = earlier ? `the path is refused at ${state.steps[check.refused_at]}` : step;
    return refuseStep(`${what}: ${v.rule}: ${v.message}`, v.rule, check);
  }
  state.steps.push(step);
  return evaluatePath();
}

function refuseStep(text, rule, answer) {
  // a step refused: said above the path, which stays as it is, with the unchecked values the
  // refusal rests on
  const box = document.getElementById("move-info");
  const old = document.getElementById("path-error");
  if (old) old.remove();
  if (!state.steps.length) box.replaceChildren();
  const div = el("div", { id: "path-error" });
  div.appendChild(el("p", { class: "bad refusal" }, text));
  if (rule) div.dataset.rule = rule;
  if (answer) unchecked(div, answer);
  box.prepend(div);
  return false;
}

async function evaluatePath(note) {
  const shown = await showPath(note);
  changed();
  return shown;
}

async function showPath(note) {
  // the path's steps asked of the engine; a step it refuses is taken back, and the path
  // before it stays shown under the refusal
  const box = document.getElementById("move-info");
  if (!state.steps.length) {
    state.layers.path.replaceChildren();
    state.pathEnd = null;
    box.textContent = "click hexes to build a path";
    return true;
  }
  let move;
  try {
    move = await api("move", { unit: state.unit, steps: state.steps, ...moveOptions() });
  } catch (e) {
    state.steps.pop();
    return refuseStep(e.message);
  }
  state.layers.path.replaceChildren();
  state.pathEnd = move.steps.length ? move.steps[move.steps.length - 1].to : null;
  drawPath(move);
  box.replaceChildren();
  if (note) box.appendChild(el("p", { class: "note", id: "path-note" }, note));
  box.appendChild(el("p", { class: move.legal ? "ok" : "bad" },
    `${move.legal ? "legal" : "ILLEGAL"}, ${move.mf} of ${move.allowance} MF/MP`));
  const table = el("table", { class: "steps" });
  table.appendChild(row("th", ["step", "to", "+MF", "total", "why"]));
  for (const s of move.steps) {
    const why = s.costs.map((c) => `${c.mf} ${c.why} (${c.rule})`).join("; ");
    table.appendChild(row("td", [s.step, `${s.to} ${s.position}`, "+" + s.cost, s.mf, why]));
    for (const e of s.events) {
      const tr = el("tr", { class: "event", "data-kind": e.kind });
      const td = el("td", { colspan: 5 });
      td.textContent = `event ${e.kind} (${e.rule})` + (e.subject ? " " + e.subject : "")
        + (e.note ? ": " + e.note : "");
      tr.appendChild(td);
      table.appendChild(tr);
    }
  }
  box.appendChild(table);
  if (move.violation) {
    box.appendChild(el("p", { class: "violation bad" },
      `violation ${move.violation.rule}: ${move.violation.message}`));
  }
  unchecked(box, move);
  return true;
}

function row(cell, values) {
  const tr = el("tr");
  for (const v of values) tr.appendChild(el(cell, {}, String(v)));
  return tr;
}

function drawPath(move) {
  const unit = state.map.units.find((u) => u.id === move.unit);
  const pts = [];
  if (unit && unit.hex) pts.push(state.map.hexes[unit.hex]);
  for (const s of move.steps) if (state.map.hexes[s.to]) pts.push(state.map.hexes[s.to]);
  if (pts.length > 1) {
    state.layers.path.appendChild(sv("polyline", {
      class: "path" + (move.legal ? "" : " illegal"), points: pts.map((p) => p.join(",")).join(" "),
    }));
  }
  for (const s of move.steps) {
    const [x, y] = state.map.hexes[s.to] || [0, 0];
    state.layers.path.appendChild(sv("circle", { class: "path-step", cx: x, cy: y, r: 4 }));
  }
}

async function showOdds(id) {
  const box = document.getElementById("odds-info");
  box.replaceChildren();
  for (const c of CHECKS) {
    const fig = el("figure", { class: "odds", "data-procedure": c.procedure });
    fig.appendChild(el("figcaption", {}, c.label));
    box.appendChild(fig);
    const body = { procedure: c.procedure, unit: [id] };
    if (c.n !== undefined) body.n = c.n;
    api("odds", body).then((d) => barChart(fig, d), (e) => {
      fig.appendChild(el("p", { class: "bad" }, e.message));
    });
  }
}

function unitText(u) {
  const bits = [u.counter || u.kind, u.class || ""];
  for (const k of ["broken", "pinned", "dm", "berserk", "wounded", "unarmed"]) if (u[k]) bits.push(k);
  return bits.filter(Boolean).join(" ");
}

function barChart(fig, d) {
  // each outcome of the units that check, with its percentage (the exact fraction in the
  // bar's tooltip); the units present that take no check (a leader) said once, under it
  const checking = new Set((d.units || []).map((u) => u.id));
  bars(fig, d.outcomes.map((o) => {
    const result = checking.size ? o.result.filter((u) => checking.has(u.id)) : o.result;
    return [o.probability, (result.map(unitText).join("; ") || "(none)")
      + (o.eliminated ? " eliminated: " + o.eliminated.join(", ") : "")];
  }));
  if (d.present && d.present.length) {
    fig.appendChild(el("p", { class: "note" }, "present, taking no check: "
      + d.present.map((u) => `${u.id} ${unitText(u)}`).join(", ")));
  }
  fig.appendChild(el("p", { class: "rules" }, "rules: " + d.rules.join(", ")));
  unchecked(fig, d);
}

function unchecked(box, d) {
  // the values the answer rests on that are not checked against the printed rules (the
  // README's warning): shown under every answer that lists them
  if (!d.unchecked || !d.unchecked.length) return;
  const ul = el("ul", { class: "warn unchecked" });
  for (const u of d.unchecked) ul.appendChild(el("li", {}, "unchecked: " + u));
  box.appendChild(ul);
}

// ---------------------------------------------------------------------------------------
// LOS

function pickLos(end) {
  // end: {word: what is asked ("unit:G10" or "hex:1G10", so that a unit named like a hex is
  // never taken for the hex), label: what the player clicked, hex: where it lies}
  const layer = state.layers.los;
  if (!state.losFrom) {
    state.losFrom = end;
    layer.replaceChildren();
    mark(layer, end.hex, "los-end");
    showPanel("los-panel");
    document.getElementById("los-info").textContent = `from ${end.label}: click the other end`;
    return;
  }
  const from = state.losFrom;
  state.losFrom = null;
  return showLos(from, end);
}

function unitEnd(id) {
  const u = unitById(id) || {};
  return { word: "unit:" + id, label: id, hex: u.hex || null };
}

function hexEnd(name) { return { word: "hex:" + name, label: name, hex: name }; }

function typedEnd(word) {
  // a Location or unit id typed in: asked as typed (the referee refuses a word that is both)
  const hex = state.map.hexes[word.split(/[@:]/)[0]] ? word.split(/[@:]/)[0] : null;
  const u = unitById(word);
  return { word, label: word, hex: hex || (u && u.hex) || null };
}

function mark(layer, hex, cls) {
  // the hex outlined on the layer (the outline returned; none off the map)
  if (!hex || !state.map.hexes[hex]) return null;
  return layer.appendChild(sv("polygon", { class: cls, "data-hex": hex, points: corners(hex, 0.8) }));
}

async function showLos(from, to) {
  const layer = state.layers.los;
  layer.replaceChildren();
  const box = document.getElementById("los-info");
  showPanel("los-panel");
  let d;
  const ask = { from: from.word, to: to.word };
  for (const k of ["from-entrenched", "to-entrenched"]) {
    if (document.getElementById(k).checked) ask[k] = true;
  }
  const asked = ++state.losAsked;
  try {
    d = await api("los", ask);
  } catch (e) {
    if (asked !== state.losAsked) return;
    box.replaceChildren(el("p", { class: "bad", id: "los-error" }, e.message));
    return;
  }
  if (asked !== state.losAsked) return;
  const a = state.map.hexes[d.from.split(/[@:]/)[0]] || state.map.hexes[from.hex];
  const b = state.map.hexes[d.to.split(/[@:]/)[0]] || state.map.hexes[to.hex];
  if (a && b) {
    layer.appendChild(sv("line", { class: "los-thread" + (d.los ? "" : " blocked"),
      x1: a[0], y1: a[1], x2: b[0], y2: b[1] }));
  }
  for (const h of d.hindrances || []) mark(layer, h.where, "los-hindrance");
  if (d.blocked_by) {
    mark(layer, d.blocked_by.where, "los-block");
    // the point that blocks: the pixel the artwork engine names (on the boards' pictures),
    // else the blocking hex's centre
    const px = d.blocked_by.pixel && state.map.frame ? d.blocked_by.pixel : null;
    const p = px ? [px[0] + 0.5, px[1] + 0.5] : state.map.hexes[d.blocked_by.where];
    if (p) {
      layer.appendChild(sv("circle", { class: "los-block-point" + (px ? " pixel" : ""),
        cx: p[0], cy: p[1], r: 7 }));
    }
  }
  box.replaceChildren();
  const who = (end, at) => end.word.startsWith("unit:") ? `${end.label} (${at})` : at;
  const head = `${who(from, d.from)} → ${who(to, d.to)} (range ${d.range}): `
    + (d.override ? "scenario override: " : "")
    + (d.los ? `LOS, Hindrance DRM +${d.hindrance_drm}` : "no LOS");
  box.appendChild(el("p", { class: d.los ? "ok" : "bad", id: "los-head" }, head));
  if (d.blocked_by) {
    const at = d.blocked_by.pixel ? ` (pixel ${d.blocked_by.pixel.join(", ")})` : "";
    box.appendChild(el("p", { class: "blocked-by" },
      `blocked at ${d.blocked_by.where}${at} [${d.blocked_by.rule}] ${d.blocked_by.why}`));
  }
  for (const h of d.hindrances || []) {
    box.appendChild(el("p", {}, `hindrance ${h.where} ${h.terrain} +${h.drm} [${h.rule}]`));
  }
  box.appendChild(el("p", { class: "rules" }, "rules: " + d.rules.join(", ")));
  for (const n of d.notes) box.appendChild(el("p", { class: "note" }, "note: " + n));
  unchecked(box, d);
}

// ---------------------------------------------------------------------------------------
// Sight: every Location a unit or hex sees, and (ticked) which enemy units see it
// (/api/viewshed)

function sightPolygons() {
  // one polygon a hex, made with the map and shaded by its class at each answer (unshaded,
  // no class: drawn with no fill, as its attribute says): a click then sets 700 classes
  // instead of making 700 polygons
  const layer = state.layers.sight;
  if (state.sight && state.sight.layer === layer) return state.sight;
  const polys = new Map();
  const frag = document.createDocumentFragment();
  for (const hex of Object.keys(state.map.hexes)) {
    const poly = sv("polygon", { "data-hex": hex, points: corners(hex), fill: "none", "pointer-events": "none" });
    polys.set(hex, poly);
    frag.appendChild(poly);
  }
  layer.replaceChildren(frag);
  state.sight = { layer, polys, shaded: [], from: null, best: null };
  return state.sight;
}

function unshade() {
  const s = state.sight;
  if (!s || s.layer !== state.layers.sight) return;
  for (const poly of s.shaded) poly.removeAttribute("class");
  s.shaded = [];
  if (s.from) s.from.remove();
  s.from = null;
  s.best = null;
}

function sightTitle(hex, l) {
  return l.los ? `${hex}: seen, range ${l.range}` + (l.hindrance_drm ? `, Hindrance +${l.hindrance_drm}` : "")
    : `${hex}: not seen, blocked at ${l.blocked_by.where} [${l.blocked_by.rule}]: ${l.blocked_by.why}`;
}

function sightTip(e) {
  // a hex pointed at while its sight is shown: what the viewer sees of it, as its title
  const hit = e.target;
  if (!hit.classList || !hit.classList.contains("hex-hit")) return;
  const best = state.sight && state.sight.layer === state.layers.sight ? state.sight.best : null;
  const l = best && best.get(hit.dataset.hex);
  let t = hit.querySelector("title");
  if (!l) {
    if (t) t.remove();
    return;
  }
  if (!t) t = hit.appendChild(sv("title", {}));
  t.textContent = sightTitle(hit.dataset.hex, l);
}

function clearSight() {
  state.sightFrom = null;
  state.sightAsked++;
  unshade();
  for (const c of document.querySelectorAll(".unit-chip.sees, .unit-chip.unseeing")) {
    c.classList.remove("sees", "unseeing");
  }
  const box = document.getElementById("sight-info");
  if (box) box.replaceChildren();
  const from = document.getElementById("sight-from");
  if (from) from.textContent = "";
  delete document.body.dataset.sightShown;
}

async function showSight(end, t0) {
  // end: a unit chip or a hex clicked (as LOS mode takes them); t0: when it was clicked
  const start = t0 === undefined ? performance.now() : t0;
  clearSight();
  state.sightFrom = end;
  showPanel("sight-panel");
  document.getElementById("sight-from").textContent = end.label;
  const box = document.getElementById("sight-info");
  const ask = { from: end.word };
  if (document.getElementById("sight-seen-by").checked) ask["seen-by"] = true;
  const asked = ++state.sightAsked;
  let d;
  try {
    d = await api("viewshed", ask);
  } catch (e) {
    if (asked !== state.sightAsked) return;
    box.replaceChildren(el("p", { class: "bad", id: "sight-error" }, e.message));
    return;
  }
  if (asked !== state.sightAsked) return;
  drawSight(d, end);
  state.timing.sight = performance.now() - start;
  document.body.dataset.sightShown = end.label;
}

function drawSight(d, end) {
  // each hex shaded by what the viewer sees of it (its base level, or the best of its
  // Locations): seen, seen through a Hindrance, not seen
  const layer = state.layers.sight;
  const best = new Map();
  const rank = (l) => (l.los ? (l.hindrance_drm ? 1 : 2) : 0);
  for (const l of d.locations) {
    const had = best.get(l.hex);
    if (!had || rank(l) > rank(had)) best.set(l.hex, l);
  }
  unshade();
  const s = sightPolygons();
  for (const [hex, l] of best) {
    const poly = s.polys.get(hex);
    if (!poly) continue;
    poly.setAttribute("class",
      l.los ? (l.hindrance_drm ? "sight-hex sight-hindered" : "sight-hex sight-seen") : "sight-hex sight-blocked");
    s.shaded.push(poly);
  }
  s.best = best;
  s.from = mark(layer, d.from.split(/[@:]/)[0], "sight-from");
  const box = document.getElementById("sight-info");
  const seenHexes = [...best.values()].filter((l) => l.los).length;
  box.replaceChildren(el("p", { id: "sight-head" },
    `${d.unit ? d.unit + " (" + d.from + ")" : d.from} sees ${d.seen} of ${d.locations.length} `
    + `Location(s) (${seenHexes} hex(es) of ${best.size})`
    + (d.range === null ? " on the map" : ` within range ${d.range}`)));
  if (d.seen_by) {
    const seers = d.seen_by.filter((s) => s.los);
    const byId = new Map(d.seen_by.map((s) => [s.unit, s]));
    for (const c of document.querySelectorAll(".unit-chip")) {
      const s = byId.get(c.dataset.unit);
      if (s) c.classList.add(s.los ? "sees" : "unseeing");
    }
    box.appendChild(el("p", { id: "sight-seers" },
      `seen by ${seers.length} of ${d.seen_by.length} unit(s)`
      + (seers.length ? ": " + seers.map((s) => s.unit + (s.hindrance_drm ? ` (+${s.hindrance_drm})` : "")).join(", ") : "")));
  }
  box.appendChild(el("p", { class: "rules" }, "rules: " + d.rules.join(", ")));
  unchecked(box, d);
}

// ---------------------------------------------------------------------------------------
// Fire: firers picked, a target clicked, the attack (/api/fire)

function unitById(id) { return state.map.units.find((u) => u.id === id); }

function buildFireOptions() {
  const form = document.getElementById("fire-options");
  form.replaceChildren();
  form.onsubmit = (e) => e.preventDefault(); // Enter in the rolls: asked on change, not sent
  const fields = Object.fromEntries((state.fields.fire || []).map((f) => [f.name, f]));
  for (const name of FIRE_OPTIONS) {
    const f = fields[name];
    if (!f) continue;
    const label = el("label", { title: f.help });
    let input;
    if (f.kind === "flag") {
      input = el("input", { type: "checkbox", name });
      label.append(input, " " + name);
    } else if (f.choices) {
      input = el("select", { name });
      for (const c of f.choices) input.appendChild(el("option", { value: c }, c));
      label.append(name + " ", input);
    } else if (name === "leader") {
      input = el("select", { name }); // its choices: the leaders of the firers' side
      label.append(name + " ", input);
    } else {
      input = el("input", { name, placeholder: "3,5 4 2", size: 7 });
      label.append(name + " ", input);
    }
    input.addEventListener("change", () => { fireSummary(); if (state.fireTarget) askFire(); });
    form.appendChild(label);
  }
  leaderChoices();
  fireSummary();
}

function leaderChoices() {
  const select = document.querySelector('#fire-options select[name="leader"]');
  if (!select) return;
  const first = state.firers.length ? unitById(state.firers[0]) : null;
  const was = select.value;
  select.replaceChildren(el("option", { value: "" }, "—"));
  for (const u of state.map.units) {
    if (u.kind === "leader" && u.hex && (!first || u.side === first.side)) {
      select.appendChild(el("option", { value: u.id }, u.id));
    }
  }
  select.value = [...select.options].some((o) => o.value === was) ? was : "";
}

function fireOptions() {
  const out = {};
  for (const input of document.querySelectorAll("#fire-options [name]")) {
    if (input.type === "checkbox") { if (input.checked) out[input.name] = true; }
    else if (input.value.trim()) out[input.name] = input.value.trim();
  }
  return out;
}

function fireSummary() {
  // the options in force, on the folded options' one line
  const o = fireOptions();
  const bits = [(o.phase || "prep") + " fire"];
  for (const [k, v] of Object.entries(o)) if (k !== "phase") bits.push(v === true ? k : `${k} ${v}`);
  document.getElementById("fire-options-summary").textContent = "options: " + bits.join(", ");
}

function clearFire() {
  state.firers = [];
  state.fireTarget = null;
  state.fire = null;
  state.fireAsked++;
  if (state.layers.fire) state.layers.fire.replaceChildren();
  for (const c of document.querySelectorAll(".unit-chip.firer")) c.classList.remove("firer");
  delete document.body.dataset.fireShown;
  if (state.map) leaderChoices();
  showFirePick();
  document.getElementById("fire-info").replaceChildren(el("p", { class: "note" },
    "click the firing units (one side; again to drop one), then the target hex or an enemy unit"));
  changed();
}

function showFirePick() {
  document.getElementById("fire-pick").textContent = state.firers.length
    ? state.firers.join(", ") + " → " + (state.fireTarget || "?") : "";
}

function pickFireUnit(id) {
  const u = unitById(id);
  if (!u) return;
  const first = state.firers.length ? unitById(state.firers[0]) : null;
  if (first && u.side !== first.side) {
    // an enemy unit: the target is its Location (the hex, so that a unit id that is also a
    // hex's name is no question)
    if (!u.hex) return status(`${id} is off the map`, true);
    return fireAt(u.hex);
  }
  const i = state.firers.indexOf(id);
  if (i >= 0) state.firers.splice(i, 1);
  else state.firers.push(id);
  leaderChoices();
  if (!state.firers.length) return clearFire();
  drawFirePicks();
  if (state.fireTarget) return askFire();
  document.getElementById("fire-info").replaceChildren(el("p", { class: "note" },
    "now click the target hex or an enemy unit"));
}

function fireAt(hex) {
  if (!state.firers.length) {
    status("Fire: click the firing units first", true);
    return;
  }
  state.fireTarget = hex;
  return askFire();
}

function drawFirePicks() {
  const layer = state.layers.fire;
  layer.replaceChildren();
  showFirePick();
  const picked = new Set(state.firers);
  for (const c of document.querySelectorAll(".unit-chip")) {
    c.classList.toggle("firer", picked.has(c.dataset.unit));
  }
  const hexes = new Set(state.firers.map((id) => (unitById(id) || {}).hex).filter(Boolean));
  for (const h of hexes) mark(layer, h, "fire-firer");
  if (state.fireTarget) mark(layer, state.fireTarget, "fire-target");
  changed();
}

async function askFire() {
  const box = document.getElementById("fire-info");
  const asked = ++state.fireAsked;
  const body = { firers: state.firers.join(","), target: state.fireTarget, ...fireOptions() };
  drawFirePicks();
  delete document.body.dataset.fireShown;
  let d;
  try {
    d = await api("fire", body);
  } catch (e) {
    if (asked !== state.fireAsked) return;
    box.replaceChildren(el("p", { class: "bad", id: "fire-error" }, e.message));
    return;
  }
  if (asked !== state.fireAsked) return; // a later question was asked meanwhile
  state.fire = d;
  if (d.target && state.map.hexes[d.target] && d.target !== state.fireTarget) {
    state.fireTarget = d.target;
    drawFirePicks();
  }
  showFire(box, d);
  document.body.dataset.fireShown = d.target;
  drawFireThreads(d, asked);
}

function fraction(p) {
  const [n, m] = String(p).split("/").map(Number);
  return n / (m || 1);
}

function percent(p) {
  const v = fraction(p) * 100;
  return v > 0 && v < 0.1 ? "<0.1%" : v.toFixed(1) + "%";
}

function signed(n) { return (n > 0 ? "+" : n < 0 ? "−" : "") + Math.abs(n); }

function bars(fig, rows) {
  // rows: [probability "n/d", label]; a bar as wide as the probability
  for (const [p, label] of rows) {
    const line = el("div", { class: "bar", "data-probability": p, title: p });
    line.append(el("span", { class: "fill", style: `width:${(fraction(p) * 100).toFixed(1)}%` }),
      el("span", { class: "label" }, `${percent(p)}  ${label}`));
    fig.appendChild(line);
  }
}

function foldedBars(fig, rows) {
  // the likeliest rows as bars, the rest folded under them
  bars(fig, rows.slice(0, OUTCOME_BARS));
  if (rows.length <= OUTCOME_BARS) return;
  const rest = rows.slice(OUTCOME_BARS);
  const more = el("details");
  const sum = rest.reduce((a, [p]) => a + fraction(p), 0);
  more.appendChild(el("summary", {}, `${rest.length} more, ${percent(String(sum) + "/1")} in all`));
  bars(more, rest);
  fig.appendChild(more);
}

function iftText(results) {
  const by = new Map();
  for (const [u, x] of Object.entries(results)) by.set(x, [...(by.get(x) || []), u]);
  if (by.size === 1) return [...by.keys()][0];
  return [...by].map(([x, us]) => `${x} (${us.join(", ")})`).join("; ");
}

function outcomeText(o) {
  return (o.result.map((u) => `${u.id} ${unitText(u)}`).join("; ") || "(none)")
    + (o.eliminated ? "  eliminated: " + o.eliminated.join(", ") : "");
}

function itemValue(i) {
  // an FP or DRM item's value as the command line writes it: x1/2, 6, +1, -2
  if (i.kind === "multiply") return "×" + i.value;
  if (i.kind === "base") return String(i.value);
  return typeof i.value === "number" ? signed(i.value)
    : String(i.value).startsWith("-") ? "−" + String(i.value).slice(1) : "+" + i.value;
}

function itemRow(table, value, what, rule, cls) {
  const tr = el("tr", cls ? { class: cls } : {});
  tr.append(el("td", { class: "v" }, value), el("td", {}, what), el("td", { class: "r" }, rule));
  table.appendChild(tr);
}

function showFire(box, d) {
  box.replaceChildren();
  const fp = d.fp;
  const drms = (d.targets || []).map((t) => [t.unit, t.drm]);
  const same = drms.every(([, v]) => v === (drms[0] || [])[1]);
  const drm = !drms.length ? "" : same ? `DRM ${signed(drms[0][1])}`
    : "DRM " + drms.map(([u, v]) => `${u} ${signed(v)}`).join(", ");
  const attack = fp.column !== null && fp.column !== undefined;
  box.appendChild(el("p", { id: "fire-head", class: attack ? "" : "bad" },
    attack ? `${fp.why}, ${drm}` : `${fp.why}: no attack`));
  const ranges = Object.values(d.range || {});
  const range = ranges.every((r) => r === ranges[0]) ? `range ${ranges[0]}`
    : "range " + Object.entries(d.range).map(([u, r]) => `${u} ${r}`).join(", ");
  box.appendChild(el("p", { class: "rules" }, `${d.phase} fire at ${d.target}, ${range}`
    + ` — ${(d.targets || []).map((t) => t.unit).join(", ")}`));

  if (d.summary) {
    // a big stack (or asked for): by how many units end each way
    const t = d.summary.totals;
    for (const [key, label] of [["eliminated", "Eliminated"], ["broken", "Broken"],
      ["good_order", "Good Order"]]) {
      if (!t[key]) continue;
      const fig = el("figure", { class: "odds fire-summary", "data-total": key });
      fig.appendChild(el("figcaption", {}, `${label} (of ${t[key].ids.length})`));
      bars(fig, t[key].outcomes.map((o) => [o.probability, `${o.count} unit(s)`]));
      box.appendChild(fig);
    }
  } else if (d.rolled !== undefined && d.ift && !Array.isArray(d.ift)) {
    // the attack rolled (rolls or a seed)
    box.appendChild(el("p", { class: "fire-rolled" },
      `IFT DR ${d.ift.roll}: ${iftText(d.ift.results)}`));
    const fig = el("figure", { class: "odds fire-outcomes" });
    fig.appendChild(el("figcaption", {}, `Rolled (${d.rolled})`));
    bars(fig, d.outcomes.map((o) => [o.probability, outcomeText(o)]));
    for (const ev of d.outcomes[0]?.events || []) fig.appendChild(el("p", { class: "note" }, ev));
    box.appendChild(fig);
  } else if (attack) {
    const fig = el("figure", { class: "odds fire-outcomes" });
    fig.appendChild(el("figcaption", {}, "Outcomes"));
    foldedBars(fig, d.outcomes.map((o) => [o.probability, outcomeText(o)]));
    box.appendChild(fig);
  }
  if (Array.isArray(d.ift) && d.ift.length) {
    const fig = el("figure", { class: "odds fire-ift" });
    fig.appendChild(el("figcaption", {}, "IFT results"));
    bars(fig, d.ift.map((r) => [r.probability, iftText(r.results)]));
    box.appendChild(fig);
  }

  // why: each FP and DRM item with its rule, the column, Cowering, Residual FP
  box.appendChild(el("h3", {}, "FP"));
  const fpt = el("table", { class: "fire-items fire-fp" });
  for (const i of fp.items) itemRow(fpt, itemValue(i), i.what + (i.unit ? ` (${i.unit})` : ""), i.rule);
  itemRow(fpt, fp.total ?? "", fp.why, (fp.rules || []).join(", "), "total");
  box.appendChild(fpt);
  if (attack) {
    box.appendChild(el("h3", {}, "DRM"));
    const dt = el("table", { class: "fire-items fire-drm" });
    for (const i of d.drm.items) itemRow(dt, itemValue(i), i.what, i.rule);
    for (const t of d.targets || []) {
      for (const i of t.items) itemRow(dt, itemValue(i), `${i.what} (${t.unit})`, i.rule);
      itemRow(dt, signed(t.drm), `${t.unit}: DRM in all`, "", "total");
    }
    box.appendChild(dt);
  }
  if (d.cowering) {
    box.appendChild(el("p", { class: "fire-cowering" },
      `Cowering: ${d.cowering.why} [${d.cowering.rules.join(", ")}]`));
  }
  if (d.residual_fp) {
    box.appendChild(el("p", { class: "fire-residual" },
      `Residual FP: ${d.residual_fp.why} [${d.residual_fp.rules.join(", ")}]`));
  }
  for (const n of d.notes || []) box.appendChild(el("p", { class: "note" }, "note: " + n));
  if (d.rules && d.rules.length) {
    box.appendChild(el("p", { class: "rules" }, "rules: " + d.rules.join(", ")));
  }
  if (d.unchecked && d.unchecked.length) {
    const ul = el("ul", { class: "warn fire-unchecked unchecked" });
    for (const u of d.unchecked) ul.appendChild(el("li", {}, "unchecked: " + u));
    box.appendChild(ul);
  }
}

async function drawFireThreads(d, asked) {
  // the thread from each firing hex to the target, as the LOS mode draws it (/api/los)
  const to = state.map.hexes[d.target];
  if (!to) return;
  const from = new Map();
  for (const id of d.firers) {
    const u = unitById(id);
    if (u && u.hex && u.hex !== d.target && !from.has(u.hex)) from.set(u.hex, id);
  }
  const answers = await Promise.all([...from].map(([hex, id]) =>
    api("los", { from: "unit:" + id, to: "hex:" + d.target }).then((los) => [hex, los], () => [hex, null])));
  if (asked !== state.fireAsked) return;
  const layer = state.layers.fire;
  const shaded = new Set();
  for (const [hex, los] of answers) {
    const a = state.map.hexes[hex];
    layer.appendChild(sv("line", { class: "los-thread fire-thread" + (los && !los.los ? " blocked" : ""),
      "data-from": hex, x1: a[0], y1: a[1], x2: to[0], y2: to[1] }));
    for (const h of (los && los.hindrances) || []) {
      if (!shaded.has(h.where)) mark(layer, h.where, "los-hindrance");
      shaded.add(h.where);
    }
  }
}

// ---------------------------------------------------------------------------------------
// CC: a Location holding both sides' units clicked, the Close Combat there (/api/cc)

function buildCcOptions() {
  const form = document.getElementById("cc-options");
  form.replaceChildren();
  form.onsubmit = (e) => e.preventDefault(); // Enter in a text field: asked on change
  const fields = Object.fromEntries((state.fields.cc || []).map((f) => [f.name, f]));
  const sides = [...new Set(state.map.units.map((u) => u.side))];
  for (const name of CC_OPTIONS) {
    const f = fields[name];
    if (!f) continue;
    const label = el("label", { title: f.help });
    let input;
    if (f.kind === "flag") {
      input = el("input", { type: "checkbox", name });
      label.append(input, " " + name);
    } else if (f.choices || name === "attacker") {
      // the attacker: a side of the game (none: the side that is not the DEFENDER)
      input = el("select", { name });
      input.appendChild(el("option", { value: "" }, "—"));
      for (const c of f.choices || sides) input.appendChild(el("option", { value: c }, c));
      label.append(name + " ", input);
    } else if (name === "rolls") {
      input = el("input", { name, placeholder: "3,5 4,2", size: 7 });
      label.append(name + " ", input);
    } else {
      input = el("input", { name, type: "number", step: 1, placeholder: "0", class: "drm" });
      label.append(name + " ", input);
    }
    input.addEventListener("change", () => { ccSummary(); if (state.ccWhere) askCc(); });
    form.appendChild(label);
  }
  ccSummary();
}

function ccOptions() {
  const out = {};
  for (const input of document.querySelectorAll("#cc-options [name]")) {
    if (input.type === "checkbox") { if (input.checked) out[input.name] = true; }
    else if (input.value.trim()) out[input.name] = input.value.trim();
  }
  return out;
}

function ccSummary() {
  // the options in force, on the folded options' one line
  const bits = Object.entries(ccOptions()).map(([k, v]) => (v === true ? k : `${k} ${v}`));
  document.getElementById("cc-options-summary").textContent =
    "options: " + (bits.join(", ") || "none");
}

function clearCc() {
  state.ccWhere = null;
  state.cc = null;
  state.ccAsked++;
  if (state.layers.cc) state.layers.cc.replaceChildren();
  delete document.body.dataset.ccShown;
  document.getElementById("cc-where").textContent = "";
  document.getElementById("cc-info").replaceChildren(el("p", { class: "note" },
    "click a hex or a unit where units of both sides are"));
  changed();
}

function ccAtUnit(id) {
  // a unit clicked: the CC in its Location, asked for by its hex (so that a unit id that is
  // also a hex's name is no question)
  const u = unitById(id);
  if (!u) return;
  if (!u.hex) return status(`${id} is off the map`, true);
  return ccAt(u.hex);
}

function ccAt(hex) {
  state.ccWhere = hex;
  return askCc();
}

async function askCc() {
  const box = document.getElementById("cc-info");
  const asked = ++state.ccAsked;
  const layer = state.layers.cc;
  layer.replaceChildren();
  mark(layer, state.ccWhere, "cc-location");
  document.getElementById("cc-where").textContent = state.ccWhere;
  showPanel("cc-panel");
  changed();
  delete document.body.dataset.ccShown;
  let d;
  try {
    d = await api("cc", { location: state.ccWhere, ...ccOptions() });
  } catch (e) {
    if (asked !== state.ccAsked) return;
    state.cc = null;
    box.replaceChildren(el("p", { class: "bad", id: "cc-error" }, e.message));
    document.body.dataset.ccShown = "refused";
    return;
  }
  if (asked !== state.ccAsked) return; // a later question was asked meanwhile
  state.cc = d;
  showCc(box, d);
  document.body.dataset.ccShown = d.location;
}

function drmText(n) { return n < 0 ? "−" + Math.abs(n) : "+" + n; } // +0, as the command writes it

function ccUnits(units) {
  return units.map((u) => `${u.id} ${unitText(u)}`
    + (u.position && !["ground", "in"].includes(u.position) ? ` (${u.position})` : "")).join(", ");
}

function showCc(box, d) {
  box.replaceChildren();
  const c = d.cc;
  box.appendChild(el("p", { id: "cc-head" },
    `${d.attacker} (ATTACKER) ${ccUnits(d.units)} — ${d.defender} (DEFENDER) ${ccUnits(d.defenders)}`));
  box.appendChild(el("p", { class: "cc-hth" + (c.hand_to_hand ? " on" : "") },
    (c.hand_to_hand ? "Hand-to-Hand CC" : "CC") + `: ${c.hand_to_hand_why}`
    + (c.ambush ? `; the ${c.first} Ambushed and attacks first` : "")));
  for (const side of ["attacker", "defender"]) {
    const a = c.attacks[side];
    const who = side === "attacker" ? `${d.attacker} (ATTACKER)` : `${d.defender} (DEFENDER)`;
    if (!a) {
      box.appendChild(el("p", { class: "cc-odds none", "data-side": side }, `${who}: no attack (A11.16)`));
      continue;
    }
    box.appendChild(el("p", { class: "cc-odds", "data-side": side, "data-odds": a.odds },
      `${who}: ${a.attackers.join(", ")} vs ${a.defenders.join(", ")}: ${a.odds}`
      + ` (${a.odds_why}), Kill Number ${a.kill_number}`
      + (a.hand_to_hand ? " (red: Hand-to-Hand)" : "") + `, DRM ${drmText(a.drm)}`));
  }

  if (d.summary) {
    // each side's count of units eliminated, then each unit's own fate
    for (const side of ["attacker", "defender"]) {
      const rows = d.summary.eliminated[side] || [];
      const fig = el("figure", { class: "odds cc-summary", "data-side": side });
      fig.appendChild(el("figcaption", {}, `${side === "attacker" ? d.attacker : d.defender} units eliminated`));
      bars(fig, rows.map((r) => [r.probability, `${r.count} unit(s)`]));
      box.appendChild(fig);
    }
    for (const u of d.summary.units) {
      const fig = el("figure", { class: "odds cc-fate", "data-unit": u.id });
      fig.appendChild(el("figcaption", {}, u.id));
      bars(fig, u.outcomes.map((o) => [o.probability, o.eliminated ? "eliminated" : unitText(o.result)]));
      box.appendChild(fig);
    }
  } else if (d.rolled !== undefined) {
    const fig = el("figure", { class: "odds cc-outcomes" });
    fig.appendChild(el("figcaption", {}, `Rolled (${d.rolled})`));
    bars(fig, d.outcomes.map((o) => [o.probability, outcomeText(o)]));
    for (const ev of d.outcomes[0]?.events || []) fig.appendChild(el("p", { class: "note" }, ev));
    box.appendChild(fig);
  } else {
    const fig = el("figure", { class: "odds cc-outcomes" });
    fig.appendChild(el("figcaption", {}, "Outcomes"));
    foldedBars(fig, d.outcomes.map((o) => [o.probability, outcomeText(o)]));
    box.appendChild(fig);
  }

  // why: each side's FP and DRM items with their rules
  for (const side of ["attacker", "defender"]) {
    const a = c.attacks[side];
    if (!a) continue;
    box.appendChild(el("h3", {}, `${side === "attacker" ? "ATTACKER" : "DEFENDER"}'s attack`));
    const t = el("table", { class: "fire-items cc-items", "data-side": side });
    for (const i of a.fp) {
      // an FP (6) or a factor of it (1/2, as the pinned unit's halving)
      const v = typeof i.value === "number" ? String(i.value) : "×" + i.value;
      itemRow(t, v, i.what + (i.unit ? ` (${i.unit})` : ""), i.rule);
    }
    itemRow(t, "", a.odds_why, "", "total");
    for (const i of a.drm_items) {
      itemRow(t, itemValue(i), i.what + (i.unit ? ` (${i.unit})` : ""), i.rule);
    }
    for (const [u, v] of Object.entries(a.defender_drm || {})) itemRow(t, signed(v), `${u}'s own DRM`, "");
    itemRow(t, drmText(a.drm), `DRM in all; Kill Number ${a.kill_number} (${a.kill_number_color})`,
      (a.rules || []).join(", "), "total");
    box.appendChild(t);
  }
  const rules = d.rules || c.rules || [];
  if (rules.length) box.appendChild(el("p", { class: "rules" }, "rules: " + rules.join(", ")));
  if (d.unchecked && d.unchecked.length) {
    const ul = el("ul", { class: "warn cc-unchecked unchecked" });
    for (const u of d.unchecked) ul.appendChild(el("li", {}, "unchecked: " + u));
    box.appendChild(ul);
  }
}

// ---------------------------------------------------------------------------------------
// a hex

async function showTerrain(name) {
  const box = document.getElementById("terrain-info");
  showPanel("hex-panel");
  document.getElementById("hex-name").textContent = name;
  state.layers.mark.replaceChildren();
  mark(state.layers.mark, name, "hex-selected");
  let d;
  try {
    d = await api("terrain", { hex: name });
  } catch (e) {
    box.replaceChildren(el("p", { class: "bad" }, e.message));
    return;
  }
  box.replaceChildren();
  const was = d.printed !== d.terrain ? ` (was ${d.printed})` : "";
  box.appendChild(el("p", { class: "terrain-head" }, `${d.terrain}${was}, level ${d.elevation}`));
  const c = d.chart;
  box.appendChild(el("p", {}, `chart [${c.rule}]: Infantry `
    + (c.infantry_mf === null ? "NA" : c.infantry_mf + " MF") + `, TEM ${c.tem >= 0 ? "+" : ""}`
    + `${c.tem}, LOS ${c.los}`));
  if (d.features.length) box.appendChild(el("p", {}, "features: " + d.features.join(", ")));
  const sides = Object.entries(d.hexsides).filter(([, f]) => f.length)
    .map(([n, f]) => `${n} ${f.join("/")}`);
  box.appendChild(el("p", {}, "hexsides: " + (sides.join(", ") || "none")));
  for (const ct of d.counters) {
    box.appendChild(el("p", {}, `${ct.type} ${ct.id}` + (ct.counter ? " " + ct.counter : "")
      + (ct.position ? ` (${ct.position})` : "") + (ct.covered ? " covers " + ct.covered.join(", ") : "")));
  }
  box.appendChild(el("p", { class: "rules" }, "rules: " + (d.rules.join(", ") || "none")));
  for (const n of d.notes) box.appendChild(el("p", { class: "note" }, "note: " + n));
  unchecked(box, d);
}

// ---------------------------------------------------------------------------------------
// a scenario dropped onto the page

async function openFile(file) {
  status(`reading ${file.name}…`);
  try {
    const r = await fetch(apiUrl("scenario"), {
      method: "POST", headers: { "x-filename": file.name }, body: file,
    });
    const data = await r.json();
    if (!r.ok) throw new Error(words(data.error || r.statusText));
    goTo(data.game, true);
    await loadMap();
    status(`opened ${file.name}`);
  } catch (e) {
    status(e.message, true);
  }
}

function start() {
  for (const b of document.querySelectorAll("#ui-modes button")) {
    b.addEventListener("click", () => setMode(b.dataset.mode));
  }
  for (const b of document.querySelectorAll("[data-step]")) {
    b.addEventListener("click", () => {
      if (state.unit) addStep(b.dataset.step);
    });
  }
  document.getElementById("step-text").addEventListener("keydown", (e) => {
    if (e.key !== "Enter" || !state.unit || !e.target.value.trim()) return;
    const step = e.target.value.trim();
    e.target.value = "";
    addStep(step);
  });
  document.getElementById("sight-seen-by").addEventListener("change", () => {
    if (state.mode === "sight" && state.sightFrom) showSight(state.sightFrom, performance.now());
  });
  document.getElementById("los-text").addEventListener("keydown", (e) => {
    const ends = e.target.value.trim().split(/\s+/).filter(Boolean);
    if (e.key !== "Enter" || ends.length !== 2) return;
    state.losFrom = null;
    showLos(typedEnd(ends[0]), typedEnd(ends[1]));
  });
  document.getElementById("undo").addEventListener("click", () => {
    state.steps.pop();
    evaluatePath();
  });
  document.getElementById("clear").addEventListener("click", () => {
    state.steps = [];
    evaluatePath();
  });
  document.getElementById("ui-file").addEventListener("change", (e) => {
    if (e.target.files.length) openFile(e.target.files[0]);
  });
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || e.target.tagName === "INPUT") return;
    if (state.mode === "sight") return clearSight();
    if (state.mode === "fire") return clearFire();
    if (state.mode === "cc") return clearCc();
    state.losFrom = null;
    state.layers.los && state.layers.los.replaceChildren();
    if (state.steps.length) { state.steps = []; evaluatePath(); } else clearUnit();
  });
  document.addEventListener("dragover", (e) => e.preventDefault());
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    if (e.dataTransfer.files.length) openFile(e.dataTransfer.files[0]);
  });
  document.getElementById("fit-all").addEventListener("click", () => {
    if (state.full) { state.view = { ...state.full }; setView(); }
  });
  document.getElementById("fit-units").addEventListener("click", () => state.full && fitUnits());
  document.getElementById("zoom-in").addEventListener("click", () => zoomCentre(1 / 1.5));
  document.getElementById("zoom-out").addEventListener("click", () => zoomCentre(1.5));
  window.addEventListener("popstate", () => {
    state.game = gameOfUrl();
    state.at = null;
    loadMap().catch((e) => { status(e.message, true); document.getElementById("ui-first").hidden = false; });
  });
  panZoom();
  setMode("hex");
  loadMap().catch((e) => { status(e.message, true); document.getElementById("ui-first").hidden = false; });
}

start();
