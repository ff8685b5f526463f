// A game played on the page (docs/web.md, "Playing a game"): a record started from the tab's
// scenario or opened from the served folder; its Game Turn, phase and side on move, the
// actions the phase allows and to whom, and the record beside the map; an action played from
// the page's modes (a Move path, a Fire attack, a CC, a check, the end of a phase), the last
// one taken back, and the record stepped through. Every ruling is the engine's (/api/game).
"use strict";

(() => { // (the page's own names are app.js's: this file adds only the three hooks it calls)

const GAME = { data: null, busy: false, next: null };

const FIRE_PHASE = { PFPh: "prep", MPh: "defensive-first", DFPh: "final", AFPh: "advancing" };

function played() { return Boolean(GAME.data && GAME.data.record); }

function live() { return played() && GAME.data.live && !GAME.data.state.over; }

async function gameMapLoaded() {
  // the map of the tab's game (or of the position stepped to) is drawn: the game beside it
  const next = GAME.next;
  GAME.next = null;
  if (next && next.game === state.game && (state.at === null ? next.live : next.at === state.at)) {
    return showGame(next);
  }
  try {
    showGame(await api("game"));
  } catch (e) {
    status(e.message, true);
  }
}

function said(text, cls, rule) {
  // the last action's result or refusal, under the game's status
  const s = document.getElementById("game-said");
  s.textContent = text || "";
  s.title = text || ""; // (whole, where a small screen shows its first lines)
  s.className = cls || "";
  if (rule) s.dataset.rule = rule; else delete s.dataset.rule;
}

function whoMay(word, s) {
  if (word === "ATTACKER") return `ATTACKER (${s.attacker})`;
  if (word === "DEFENDER") return `DEFENDER (${s.defender})`;
  return word;
}

function showGame(d) {
  GAME.data = d;
  const body = document.body;
  const panel = document.getElementById("game-panel");
  const bar = document.getElementById("game-bar");
  body.dataset.game = d.record ? "played" : "none";
  bar.hidden = !d.record;
  document.getElementById("game-start").hidden = Boolean(d.record);
  if (!d.record) {
    for (const k of ["gameActions", "gameAt", "gamePhase", "gameLive"]) delete body.dataset[k];
    document.getElementById("game-name").textContent = "(none: start one or open a record)";
    for (const id of ["game-allowed", "game-record", "game-units"]) {
      document.getElementById(id).replaceChildren();
    }
    document.getElementById("ui-panel").insertBefore(panel, document.getElementById("legend-panel"));
    showStart(d);
    changed();
    return;
  }
  // a game: its status in the bar, the panel's top its record and what the phase allows
  const s = d.state;
  const ui = document.getElementById("ui-panel");
  if (ui.firstElementChild !== panel) ui.prepend(panel);
  panel.open = true;
  body.dataset.gameActions = String(d.actions);
  body.dataset.gameAt = String(d.at);
  body.dataset.gamePhase = s.phase;
  body.dataset.gameLive = String(d.live);
  document.getElementById("game-name").textContent = `${d.record} (${d.scenario})`;
  const turns = s.turns ? ` of ${s.turns}` : "";
  document.getElementById("game-now").textContent = (d.live ? "" : `after action ${d.at} of ${d.actions}: `)
    + `Game Turn ${s.turn}${turns}, ${s.attacker}'s Player Turn (ATTACKER ${s.attacker}, DEFENDER `
    + `${s.defender}): ${s.phase} (${s.phase_title}, ${s.phase_rule})`
    + (s.moving.length ? `; moving: ${s.moving.join(", ")} (A8.1)` : "")
    + (s.melee && s.melee.length ? `; Melee: ${s.melee.join(", ")} (A11.15)` : "")
    + (s.over ? "; the game is over (A3)" : "");
  document.getElementById("game-at").textContent = `${d.at}/${d.actions}`;
  const over = s.over || !d.live;
  document.getElementById("game-end-phase").disabled = over;
  document.getElementById("game-undo").disabled = !d.live || d.actions === 0;
  document.getElementById("game-first").disabled = d.at === 0;
  document.getElementById("game-back").disabled = d.at === 0;
  document.getElementById("game-fwd").disabled = d.live;
  document.getElementById("game-last").disabled = d.live;
  document.getElementById("game-branch").hidden = d.live;

  const allowed = document.getElementById("game-allowed");
  allowed.replaceChildren();
  if (s.over) allowed.appendChild(el("p", { class: "note" }, "the game is over: no action (A3)"));
  else {
    allowed.appendChild(el("b", {}, `the ${s.phase} allows:`));
    const ul = el("ul", { id: "game-allowed-list" });
    for (const a of s.allowed) {
      ul.appendChild(el("li", { "data-action": a.action },
        `${a.action} — ${whoMay(a.who, s)}, ${a.rule}: ${a.what}`));
    }
    allowed.appendChild(ul);
  }
  const marked = s.units.filter((u) => u.status.length || u.markers.length)
    .map((u) => `${u.id} ${[...u.status, ...u.markers].join(" ")}`);
  document.getElementById("game-units").textContent =
    (marked.length ? "status and markers: " + marked.join("; ") : "")
    + (s.eliminated.length ? `${marked.length ? " — " : ""}eliminated: ${s.eliminated.join(", ")}` : "");

  const list = document.getElementById("game-record");
  list.replaceChildren();
  const start = el("li", { "data-n": "0" }, `0. ${d.scenario}, before any action`);
  list.appendChild(start);
  for (const e of d.entries) list.appendChild(el("li", { "data-n": String(e.n), title: JSON.stringify(e.args) }, e.line));
  for (const li of list.children) {
    const n = +li.dataset.n;
    li.classList.toggle("at", n === d.at);
    li.classList.toggle("later", n > d.at);
    li.addEventListener("click", () => showAfter(n));
  }
  const at = list.querySelector("li.at");
  if (at) list.scrollTop = at.offsetTop - list.offsetTop - list.clientHeight / 2;
  setGamePhase(s);
  changed();
}

function showStart(d) {
  // no game yet: start one from the tab's scenario, or open a record of the served folder
  const st = d.start;
  const select = document.querySelector('#game-new select[name="first"]');
  select.replaceChildren(el("option", { value: "" }, "—"));
  for (const side of st.sides) select.appendChild(el("option", { value: side }, side));
  const note = document.getElementById("game-start-note");
  document.getElementById("game-start-button").disabled = Boolean(st.refused);
  note.textContent = st.refused ? st.refused
    : `the record is written in ${st.to ? st.to : d.folder}`
      + (st.defender ? `; ${st.defender} is the DEFENDER (sets up), the other side moves first` : "");
  const box = document.getElementById("game-records");
  box.replaceChildren();
  if (!d.records.length) return;
  box.appendChild(el("b", {}, "records here: "));
  for (const r of d.records) {
    const b = el("button", { type: "button", class: "game-record-pick", "data-record": r.name,
      title: `a game of ${r.scenario}` }, r.name);
    b.addEventListener("click", () => openRecord(r.name));
    box.appendChild(b);
  }
}

function setGamePhase(s) {
  // the page's what-if options follow the game's phase: the mover's phase, the fire's kind
  if (!live()) return;
  const move = document.querySelector('#move-options select[name="phase"]');
  if (move) move.value = s.phase === "APh" ? "aph" : "mph";
  const fire = document.querySelector('#fire-options select[name="phase"]');
  if (fire && FIRE_PHASE[s.phase]) fire.value = FIRE_PHASE[s.phase];
  const moving = document.querySelector('#fire-options input[name="moving"]');
  if (moving) moving.checked = s.phase === "MPh";
  if (typeof fireSummary === "function") fireSummary();
}

// ---------------------------------------------------------------------------------------
// the actions the page's modes build

function routing() {
  // the RtPh, a broken unit of the game picked: its rout path is built hex by hex and priced
  // when it is played (the referee's step check asks of a unit that moves, not one that routs)
  if (!live() || GAME.data.state.phase !== "RtPh" || !state.unit) return false;
  const u = GAME.data.state.units.find((x) => x.id === state.unit);
  return Boolean(u && u.status.includes("broken"));
}

function gameTakesStep(step) {
  if (!routing()) return false;
  state.steps.push(step);
  const box = document.getElementById("move-info");
  box.replaceChildren(el("p", { class: "note", id: "rout-path" },
    `rout path: ${state.steps.join(" ")} (priced as a move when it is played, A10.5)`));
  state.layers.path.replaceChildren();
  const u = unitById(state.unit) || {};
  const pts = [u.hex, ...state.steps].map((h) => state.map.hexes[h]).filter(Boolean);
  if (pts.length > 1) {
    state.layers.path.appendChild(sv("polyline", { class: "path", points: pts.map((p) => p.join(",")).join(" ") }));
  }
  state.pathEnd = step;
  changed();
  return true;
}

function recordOptions(options, skip) {
  // the page's options as the record holds them (double-time: double_time), true flags and
  // values only
  const out = {};
  for (const [k, v] of Object.entries(options)) {
    if (!skip.includes(k)) out[k.replace(/-/g, "_")] = v;
  }
  return out;
}

function moveAction() {
  if (!state.unit || !state.steps.length) return null;
  const phase = GAME.data.state.phase;
  const action = phase === "APh" ? "advance" : phase === "RtPh" ? "rout" : "move";
  const args = { unit: state.unit, steps: [...state.steps] };
  const options = recordOptions(moveOptions(), ["phase"]);
  if (action !== "rout" && Object.keys(options).length) args.options = options;
  return { action, args };
}

function fireAction() {
  if (!state.firers.length || !state.fireTarget) return null;
  const o = fireOptions();
  const options = recordOptions(o, ["phase", "moving", "assault-movement", "fired", "summary", "rolls"]);
  const args = { firers: [...state.firers], target: state.fireTarget };
  if (Object.keys(options).length) args.options = options;
  return { action: "fire", args, dice: o.rolls || null };
}

function withdrawals() {
  // the CC's withdrawing units, "U1=37G5, U2=37G3" (A11.2, A11.21): each unit to its Location;
  // text that does not read so is sent as typed, for the referee to refuse in one line
  const input = document.getElementById("play-cc-withdraw");
  const text = input ? input.value.trim() : "";
  if (!text) return null;
  const out = {};
  for (const part of text.split(",")) {
    const [unit, to, extra] = part.split("=").map((t) => t.trim());
    if (!unit || !to || extra !== undefined) return text;
    out[unit] = to;
  }
  return out;
}

function ccAction() {
  if (!state.ccWhere) return null;
  const o = ccOptions();
  const options = recordOptions(o, ["attacker", "drm", "defender-drm", "summary", "rolls"]);
  const withdraw = withdrawals();
  if (withdraw) options.withdraw = withdraw;
  const args = { location: state.ccWhere };
  if (Object.keys(options).length) args.options = options;
  return { action: "cc", args, dice: o.rolls || null };
}

function describe(a) {
  const g = a.args;
  const dice = a.dice ? ` (dice ${a.dice})` : "";
  if (a.action === "fire") return `fire ${g.firers.join(", ")} → ${g.target}${dice}`;
  if (a.action === "cc") {
    const w = g.options && g.options.withdraw;
    const how = w && typeof w === "object"
      ? `, withdrawing ${Object.entries(w).map(([u, to]) => `${u} → ${to}`).join(", ")}` : "";
    return `CC in ${g.location}${how}${dice}`;
  }
  return `${a.action} ${g.unit} ${g.steps.join(" ")}`;
}

function gameChanged() {
  // each mode's Play button says the action it plays, when a game is played and on its last
  // action
  const on = live();
  for (const [id, build] of [["play-move", moveAction], ["play-fire", fireAction], ["play-cc", ccAction]]) {
    const b = document.getElementById(id);
    b.hidden = !on;
    const a = on ? build() : null;
    b.disabled = !a;
    b.textContent = a ? "Play: " + describe(a) : "Play (build the action first)";
  }
  document.getElementById("play-checks").hidden = !(on && state.unit);
  const withdraw = document.getElementById("play-cc-withdraw");
  if (withdraw) withdraw.hidden = !on;
}

async function playAction(a) {
  // the action played on the record: applied (the map then shows the position after it) or
  // refused with its rule (nothing recorded, nothing changed)
  if (!live() || !a || GAME.busy) return;
  GAME.busy = true;
  const t0 = performance.now();
  try {
    let d;
    try {
      d = await api("game/action", a);
    } catch (e) {
      said(e.message, "bad");
      return;
    }
    state.timing.action = performance.now() - t0;
    if (!d.applied) {
      const v = d.violation;
      said(`REFUSED ${v.rule}: ${v.message} (nothing recorded)`, "bad refused", v.rule);
      showGame(d);
      askDetection(a, v);
      return;
    }
    askDetection(null, null);
    const e = d.entry;
    // the rules and values the action rests on that no text checked (the README's warning)
    const warn = document.getElementById("game-warnings");
    warn.replaceChildren();
    const lines = [...d.unchecked_rules.map((u) => "unchecked rule: " + u),
      ...(d.unchecked || []).map((u) => "unchecked: " + u)];
    if (lines.length) {
      const ul = el("ul", { class: "warn unchecked", "data-n": String(e.n) });
      for (const u of lines) ul.appendChild(el("li", {}, u));
      warn.append(el("span", { class: "note" }, `action ${e.n} rests on:`), ul);
    }
    said(`${e.n}. ${e.action}: ${d.told.map((t) => t.trim()).join("; ")}`
      + (e.dice.length ? ` [dice ${e.dice.join(" ")}]` : "")
      + (lines.length ? ` (${lines.length} unchecked: see the record)` : ""), "ok");
    GAME.next = d;
    await loadMap(true);
    document.getElementById("ui-panel").scrollTop = 0; // (the record's new line in sight)
    state.timing.actionDrawn = performance.now() - t0;
  } finally {
    GAME.busy = false;
  }
}

function askDetection(a, v) {
  // G.4: a move refused until the DEFENDER answers for his hidden units in jungle, kunai or
  // bamboo; each button plays the same move again with his answer
  const bar = document.getElementById("game-detection");
  const asked = Boolean(a && v && a.action === "move" && v.rule === "G.4" && /chooses/.test(v.message));
  bar.hidden = !asked;
  GAME.detectionMove = asked ? a : null;
}

function answerDetection(choice) {
  const a = GAME.detectionMove;
  if (!a) return;
  const options = { ...(a.args.options || {}), detection: choice };
  if (choice === "attack") {
    const text = document.getElementById("game-detection-by").value;
    options.detection_by = text.split(",").map((t) => t.trim()).filter(Boolean);
  }
  return playAction({ ...a, args: { ...a.args, options } });
}

async function endPhase() { return playAction({ action: "end-phase", args: {} }); }

async function undo() {
  if (!live() || GAME.busy) return;
  GAME.busy = true;
  try {
    let d;
    try {
      d = await api("game/undo", {});
    } catch (e) {
      said(e.message, "bad");
      return;
    }
    said(`action ${d.undone.n} (${d.undone.action}) taken back`, "ok");
    document.getElementById("game-warnings").replaceChildren();
    GAME.next = d;
    await loadMap(true);
  } finally {
    GAME.busy = false;
  }
}

async function showAfter(n) {
  // the map shows the game after n actions (the last: the game as it is, played on)
  if (!played() || GAME.busy) return;
  const last = GAME.data.actions;
  const at = Math.max(0, Math.min(last, n));
  state.at = at === last ? null : at;
  said(state.at === null ? "" : `the game after action ${at} of ${last}: ▶| to play on`, "");
  try {
    await loadMap(true);
    document.getElementById("ui-panel").scrollTop = 0; // (the record in sight)
  } catch (e) {
    status(e.message, true);
  }
}

async function branch() {
  // a new record that begins as this one after the actions shown
  if (!played() || GAME.busy) return;
  try {
    const d = await api("game/branch", {});
    goTo(d.game, true);
    await loadMap(true);
    said(`a new game, ${d.record}, begins after ${d.actions} action(s)`, "ok");
  } catch (e) {
    said(e.message, "bad");
  }
}

async function startGame(form) {
  const body = {};
  for (const [k, v] of new FormData(form)) {
    const t = String(v).trim();
    if (t) body[k] = k === "turns" || k === "seed" ? Number(t) : t;
  }
  try {
    const d = await api("game/new", body);
    goTo(d.game, true);
    await loadMap(true);
    said(`a new game: ${d.record}`, "ok");
  } catch (e) {
    status(e.message, true);
  }
}

async function openRecord(name) {
  try {
    const d = await api("game/open", { record: name });
    goTo(d.game, true);
    await loadMap(true);
    said(`opened ${d.record}: ${d.actions} action(s)`, "ok");
  } catch (e) {
    status(e.message, true);
  }
}

function startGamePage() {
  document.getElementById("game-new").addEventListener("submit", (e) => {
    e.preventDefault();
    startGame(e.target);
  });
  document.getElementById("play-move").addEventListener("click", () => playAction(moveAction()));
  for (const b of document.querySelectorAll("#game-detection button")) {
    b.addEventListener("click", () => answerDetection(b.dataset.detection));
  }
  document.getElementById("play-fire").addEventListener("click", () => playAction(fireAction()));
  const playCc = document.getElementById("play-cc");
  playCc.parentElement.insertBefore(el("input", {
    id: "play-cc-withdraw",
    name: "withdraw",
    placeholder: "withdraw: U1=37G5",
    size: 16,
    title: "units withdrawing from the Melee, each into an ADJACENT Location (A11.2, A11.21): "
      + "UNIT=LOCATION, separated by commas",
  }), playCc);
  document.getElementById("play-cc-withdraw").addEventListener("input", gameChanged);
  playCc.addEventListener("click", () => playAction(ccAction()));
  for (const b of document.querySelectorAll("#play-checks button")) {
    b.addEventListener("click", () => {
      if (!state.unit) return;
      const args = { units: [state.unit] };
      if (b.dataset.n) args.n = Number(b.dataset.n);
      playAction({ action: b.dataset.check, args });
    });
  }
  document.getElementById("game-end-phase").addEventListener("click", endPhase);
  document.getElementById("game-undo").addEventListener("click", undo);
  document.getElementById("game-first").addEventListener("click", () => showAfter(0));
  document.getElementById("game-back").addEventListener("click", () => showAfter(GAME.data.at - 1));
  document.getElementById("game-fwd").addEventListener("click", () => showAfter(GAME.data.at + 1));
  document.getElementById("game-last").addEventListener("click", () => showAfter(GAME.data.actions));
  document.getElementById("game-branch").addEventListener("click", branch);
}

startGamePage();
window.gameMapLoaded = gameMapLoaded;
window.gameChanged = gameChanged;
window.gameTakesStep = gameTakesStep;
window.gamePlayed = GAME;
})();
