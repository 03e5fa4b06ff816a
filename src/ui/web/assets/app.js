// The web board: draws what the server says and forwards clicks. Rules, move parsing and
// board geometry all live on the server (the engine and the session); this script only
// keeps what the page shows: the session id, the cells picked for the move being entered,
// and whether the board is flipped.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

let sessionId = sessionStorage.getItem("tabletop-session");
let board = null; // the geometry: GET /api/sessions/{id}/board
let state = null; // the state: GET /api/sessions/{id}
let picked = []; // cells picked so far for the move being entered
let targets = []; // cells that can come next
let flipped = false;
let polling = false;
let games = [];

// ---- talking to the server ----

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    data = { error: `the server answered ${res.status}` };
  }
  if (!res.ok) throw new Error(data && data.error ? data.error : `error ${res.status}`);
  return data;
}

function say(text, error) {
  const m = $("message");
  m.textContent = text || "";
  m.className = error ? "error" : "";
}

async function guarded(f) {
  try {
    await f();
  } catch (e) {
    say(e.message, true);
  }
}

// ---- starting games ----

async function loadGames() {
  games = await api("GET", "/api/games");
  const sel = $("game");
  for (const g of games) {
    const o = document.createElement("option");
    o.value = g.name;
    o.textContent = g.title;
    sel.appendChild(o);
  }
  const lv = $("level");
  for (let l = 1; l <= 9; l++) {
    const o = document.createElement("option");
    o.value = l;
    o.textContent = l;
    if (l === 5) o.selected = true;
    lv.appendChild(o);
  }
  sel.addEventListener("change", seatControls);
  seatControls();
}

// One select per player: human or the AI at a level.
function seatControls() {
  const g = games.find((x) => x.name === $("game").value);
  const box = $("seats");
  box.innerHTML = "";
  if (!g) return;
  $("options").placeholder = g.options.map(([k, v]) => `${k}=${v}`).join(" ");
  g.players.forEach((p, i) => {
    const label = document.createElement("label");
    label.textContent = p + " ";
    const s = document.createElement("select");
    s.className = "seat";
    s.dataset.seat = i;
    const h = document.createElement("option");
    h.value = "human";
    h.textContent = "human";
    s.appendChild(h);
    for (let l = 1; l <= 9; l++) {
      const o = document.createElement("option");
      o.value = `ai:${l}`;
      o.textContent = `AI ${l}`;
      s.appendChild(o);
    }
    label.appendChild(s);
    box.appendChild(label);
  });
}

function parseOptions(text) {
  const out = {};
  for (const word of text.split(/\s+/).filter((w) => w)) {
    const eq = word.indexOf("=");
    if (eq <= 0) throw new Error(`options are written name=value, not '${word}'`);
    out[word.slice(0, eq)] = word.slice(eq + 1);
  }
  return out;
}

async function startGame() {
  const seats = [...document.querySelectorAll("select.seat")].map((s) => s.value);
  const body = { game: $("game").value, options: parseOptions($("options").value), seats };
  await open(await api("POST", "/api/sessions", body));
}

// A record opens with every seat human, for stepping through it and playing on.
async function loadRecord() {
  const body = { record: $("record-text").value, format: $("record-format").value };
  if (body.format === "pgn") body.game = "chess";
  await open(await api("POST", "/api/sessions", body));
  $("load-box").open = false;
}

// Shows a new session: its board, then its state.
async function open(s) {
  if (sessionId && sessionId !== s.id) {
    // The old game is no longer shown; let the server drop it now.
    api("DELETE", `/api/sessions/${sessionId}`).catch(() => {});
  }
  sessionId = s.id;
  sessionStorage.setItem("tabletop-session", sessionId);
  board = await api("GET", `/api/sessions/${sessionId}/board`);
  $("title").textContent = board.title;
  // The header names the game shown, also when it came from a loaded record.
  if ($("game").value !== board.game && games.some((g) => g.name === board.game)) {
    $("game").value = board.game;
    seatControls();
  }
  legend();
  $("analysis").textContent = "";
  $("legal-list").textContent = "";
  show(s);
  // Says which session the board now shows: the stored id changes before the board does.
  $("board").dataset.session = s.id;
}

// ---- state ----

function show(s) {
  state = s;
  picked = [];
  targets = [];
  $("choices").innerHTML = "";
  $("choices").classList.remove("beside");
  draw();
  panel();
  say(s.message);
  if (s.thinking) poll();
}

// Waits for the AI's move without blocking the page: the server holds each request until
// something changes or a few seconds pass.
async function poll() {
  if (polling) return;
  polling = true;
  try {
    while (state && state.thinking) {
      const s = await api("GET", `/api/sessions/${sessionId}?since=${state.version}&wait=5000`);
      if (s.version !== state.version || !s.thinking) show(s);
    }
  } catch (e) {
    say(e.message, true);
  } finally {
    polling = false;
  }
}

function panel() {
  const s = state;
  const name = (i) => board.players[i];
  let status;
  if (s.over && s.score) status = `Game over: ${s.score}`;
  else if (s.over) status = `Game over: ${s.over.why}`;
  else if (s.thinking) status = `${name(s.to_move)} (computer) is thinking…`;
  else if (s.human_to_move) status = `${name(s.to_move)} to move`;
  else status = `${name(s.to_move)} (computer) to move`;
  $("status").textContent = status;
  const info = [];
  if (s.roll !== null && s.roll !== undefined) info.push(`🎲 roll: ${s.roll}`);
  if (s.reserves) {
    info.push("reserve: " + s.reserves.map((r, i) => `${name(i)} ${r[0]}`).join(", "));
    info.push("borne off: " + s.reserves.map((r, i) => `${name(i)} ${r[1]}`).join(", "));
  }
  if (s.hands) info.push("in hand: " + s.hands.map((h, i) => `${name(i)} ${h}`).join(", "));
  info.push(`${s.legal} legal moves`);
  $("info").textContent = info.join(" · ");
  // A pass or the pie rule's swap takes no cell, so no click on the board can make it.
  const actions = $("without-cells");
  actions.innerHTML = "";
  for (const text of s.without_cells || []) {
    const b = document.createElement("button");
    b.textContent = text;
    b.className = "without-cell";
    b.dataset.move = text;
    b.addEventListener("click", () => guarded(() => playText(text)));
    actions.appendChild(b);
  }
  drawMoveList(s, name);
}

// The move list numbered as players number moves, like the line mode and PGN: two players
// without dice get a row per number, the move and its answer (`1. e4 e5`); other games a
// row per entry with its player (`3. Red d4`), rolls and forced passes unnumbered. Each
// entry is its own click target (`.ply`, `data-ply` = the position after it).
function drawMoveList(s, name) {
  const list = $("moves-list");
  list.innerHTML = "";
  let open = null; // the row whose number awaits its answer
  const row = (label, cls) => {
    const li = document.createElement("li");
    if (cls) li.classList.add(cls);
    if (label) li.append(label + " ");
    list.appendChild(li);
    return li;
  };
  const ply = (li, text, i, cls) => {
    const span = document.createElement("span");
    span.className = "ply";
    if (cls) span.classList.add(cls);
    span.textContent = text;
    span.dataset.ply = i + 1;
    if (i + 1 === s.history.length) span.classList.add("current");
    span.addEventListener("click", () => guarded(() => goTo(i + 1)));
    li.appendChild(span);
  };
  s.history.forEach((h, i) => {
    if (h.automatic) {
      ply(row("", "auto"), `${name(h.player)} ${h.text}`, i, null);
      open = null;
    } else if (!s.paired) {
      ply(row(`${h.number}.`), `${name(h.player)} ${h.text}`, i, null);
    } else if (open && !h.opens && open.number === h.number) {
      open.li.append(" ");
      ply(open.li, h.text, i, null);
      open = null;
    } else {
      const li = row(`${h.number}${h.opens ? "." : "..."}`);
      ply(li, h.text, i, null);
      open = h.opens ? { li, number: h.number } : null;
    }
  });
  // Moves taken back (a loaded record's rest), to come: a row each, greyed.
  s.future.forEach((text, j) => ply(row("", "future"), text, s.history.length + j, "future"));
  const cur = list.querySelector(".current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
}

// ---- drawing ----

function el(tag, attrs, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// A point of the plane as drawn (mirrored when the board is flipped).
function at(x, y) {
  if (!flipped) return [x, y];
  const [x0, y0, w, h] = board.extent;
  return [2 * x0 + w - x, 2 * y0 + h - y];
}

function cellShade(c) {
  if (board.shape === "square") {
    if (!board.checkered) return "plain";
    return (Math.round(c.x) + Math.round(c.y)) % 2 ? "dark" : "light";
  }
  if (board.shape === "hex-columns") {
    // Axial coordinates of a column layout; three shades, no two neighbours alike.
    const q = Math.round(c.x / 0.8660254);
    const r = Math.round((2 * c.y - q) / 2);
    return `hex shade${(((q - r) % 3) + 3) % 3}`;
  }
  return "hex";
}

function draw() {
  const svg = $("board");
  svg.innerHTML = "";
  if (!board || !state) return;
  const pad = 0.35;
  const look = board.look;
  const [x0, y0, w, h] = board.extent;
  svg.setAttribute("viewBox", `${x0 - pad} ${y0 - pad} ${w + 2 * pad} ${h + 2 * pad}`);
  const cells = el("g", {}, svg);
  if (look.points) drawGrid(cells);
  if (look.lines) {
    for (const [a, b] of board.links) {
      const [ax, ay] = at(board.cells[a].x, board.cells[a].y);
      const [bx, by] = at(board.cells[b].x, board.cells[b].y);
      el("line", { class: "link", x1: ax, y1: ay, x2: bx, y2: by }, cells);
    }
  }
  board.cells.forEach((c, i) => {
    const [cx, cy] = at(c.x, c.y);
    let shape;
    if (c.outline && !look.points) {
      const pts = c.outline.map(([x, y]) => at(x, y).join(",")).join(" ");
      shape = el("polygon", { points: pts, class: `cell ${cellShade(c)}` }, cells);
    } else if (c.outline) {
      // A point where lines cross: the whole square around it takes the click.
      const pts = c.outline.map(([x, y]) => at(x, y).join(",")).join(" ");
      shape = el("polygon", { points: pts, class: "cell hit" }, cells);
    } else {
      // A graph's point: a small dot, with a wider transparent disc to click.
      el("circle", { cx, cy, r: 0.09, class: "point" }, cells);
      shape = el("circle", { cx, cy, r: 0.42, class: "cell hit" }, cells);
    }
    shape.dataset.cell = i;
    shape.dataset.name = c.name;
    shape.addEventListener("click", () => guarded(() => click(i)));
    const title = el("title", {}, shape);
    title.textContent = c.name;
  });
  drawLook(cells);
  const over = el("g", {}, svg);
  if (look.race) drawRace(cells, over);
  // The first race track over the cells (later ones, such as Ur's way home, retrace it),
  // one dashed line per player, side by side where they share cells.
  // (A race board drawn as points needs no line: its numbers say the way.)
  board.tracks.slice(0, look.race ? 0 : 1).forEach((t) => {
    t.cells.forEach((path, p) => {
      const off = (p - (t.cells.length - 1) / 2) * 0.14;
      const pts = path.map((c) => at(board.cells[c].x + off, board.cells[c].y + off).join(","));
      const stroke = board.colors[p] === "#f4f1e8" ? "#fffdf5" : board.colors[p];
      el("polyline", { class: "track", points: pts.join(" "), stroke }, over);
    });
  });
  const mark = (cell, cls, r) => {
    const [cx, cy] = placeAt(cell);
    if (cx === undefined) return;
    el("circle", { cx, cy, r, class: `overlay ${cls}` }, over);
  };
  for (const c of state.last) mark(c, "last", 0.46);
  for (const c of picked) mark(c, "picked", 0.46);
  state.cells.forEach((stack, i) => {
    if (!stack.length) return;
    const c = board.cells[i];
    const [cx, cy] = at(c.x, c.y);
    drawPiece(over, stack[stack.length - 1], cx, cy, i);
    if (state.dead && state.dead.includes(i)) {
      // A stone counted dead: crossed out.
      el("path", { d: `M${cx - 0.22},${cy - 0.22}L${cx + 0.22},${cy + 0.22}M${cx + 0.22},${cy - 0.22}L${cx - 0.22},${cy + 0.22}`, class: "overlay dead", "data-dead": i }, over);
    }
    if (stack.length > 1) {
      el("circle", { cx: cx + 0.28, cy: cy - 0.28, r: 0.16, fill: "#b03a2e", class: "overlay" }, over);
      const t = el("text", { x: cx + 0.28, y: cy - 0.27, class: "count" }, over);
      t.textContent = stack.length;
    }
  });
  for (const c of targets) mark(c, "target", 0.16);
}

// Where a picked place is drawn: a cell's centre, or on a race board the mover's half of
// the bar or the mover's tray.
function placeAt(cell) {
  const race = board.look.race;
  if (race && (cell === race.bar || cell === race.off)) {
    const me = state.to_move;
    const [x, y, w, h] = cell === race.bar ? race.bar_box : race.trays[me];
    const cy = cell === race.bar ? race.rows[me][0] : y + h / 2;
    return at(x + w / 2, cy);
  }
  const c = board.cells[cell];
  return c ? at(c.x, c.y) : [];
}

// What a player calls a picked place: a point's number from the mover's side on a race
// board, `bar`, `off`, else the cell's name.
function placeName(cell) {
  const race = board.look.race;
  if (race && cell === race.bar) return "bar";
  if (race && cell === race.off) return "off";
  if (race && race.numbers[state.to_move][cell]) return String(race.numbers[state.to_move][cell]);
  return board.cells[cell] ? board.cells[cell].name : String(cell);
}

// A box of the plane as drawn (corners mirrored when the board is flipped).
function boxAt([x, y, w, h]) {
  const [ax, ay] = at(x, y);
  const [bx, by] = at(x + w, y + h);
  return { x: Math.min(ax, bx), y: Math.min(ay, by), width: Math.abs(bx - ax), height: Math.abs(by - ay) };
}

// `look track`: the board as a race (backgammon): each cell a point, numbered from the
// mover's side above and below the board; the bar between the halves, holding the men
// hit; each player's tray of men borne off; the dice of the roll in play on the bar.
function drawRace(under, over) {
  const race = board.look.race;
  const me = state.to_move;
  const [, y0, , h] = board.extent;
  const [, midY] = at(0, y0 + h / 2);
  const man = (p) => board.pieces.findIndex((q) => q && q.owner === p);
  board.cells.forEach((c, i) => {
    const [cx, cy] = at(c.x, c.y);
    const up = cy < midY;
    const edge = up ? cy - 0.5 : cy + 0.5;
    const tip = up ? cy + 0.42 : cy - 0.42;
    el("polygon", { points: `${cx - 0.45},${edge} ${cx + 0.45},${edge} ${cx},${tip}`, class: `spike spike${i % 2}` }, under);
    const n = race.numbers[me][i];
    if (n) {
      const t = el("text", { x: cx, y: up ? cy - 0.78 : cy + 0.78, class: "point-number" }, under);
      t.textContent = n;
    }
  });
  const tally = (parent, p, count, cx, cy, at) => {
    if (!count) return;
    drawPiece(parent, man(p), cx, cy, at);
    if (count > 1) {
      const t = el("text", { x: cx, y: cy + 0.01, class: "count tally" }, parent);
      t.textContent = count;
    }
  };
  const bar = el("rect", { ...boxAt(race.bar_box), class: "bar" }, under);
  bar.dataset.cell = race.bar;
  bar.dataset.name = "bar";
  bar.addEventListener("click", () => guarded(() => click(race.bar)));
  race.trays.forEach((box, p) => {
    const tray = el("rect", { ...boxAt(box), class: "tray" }, under);
    tray.dataset.cell = race.off;
    tray.dataset.name = p === me ? "off" : `off-${p}`;
    tray.dataset.player = p;
    tray.addEventListener("click", () => guarded(() => click(race.off)));
    const [tx, ty] = at(box[0] + box[2] / 2, box[1] + box[3] / 2);
    const label = el("text", { x: tx, y: ty + (ty < midY ? -0.78 : 0.78), class: "point-number" }, under);
    label.textContent = "off";
    if (state.reserves) tally(over, p, state.reserves[p][1], tx, ty, race.off);
  });
  const [bx, , bw] = race.bar_box;
  race.rows.forEach(([enter], p) => {
    if (!state.reserves) return;
    const [cx, cy] = at(bx + bw / 2, enter);
    tally(over, p, state.reserves[p][0], cx, cy, race.bar);
  });
  if (state.roll !== null && state.roll !== undefined) {
    const [cx, cy] = at(bx + bw / 2, race.rows[me][1]);
    [Math.floor(state.roll / 10), state.roll % 10].forEach((d, k) => {
      const y = cy + (k - 0.5) * 0.44;
      el("rect", { x: cx - 0.19, y: y - 0.19, width: 0.38, height: 0.38, rx: 0.06, class: "die" }, over);
      const t = el("text", { x: cx, y: y + 0.01, class: "die-face" }, over);
      t.textContent = d;
    });
  }
}

// `look points`: a wooden board with lines through the cells' centres, one per row and
// per column of cells, as a Go board is drawn.
function drawGrid(parent) {
  const [x0, y0, w, h] = board.extent;
  el("rect", { x: x0 - 0.35, y: y0 - 0.35, width: w + 0.7, height: h + 0.7, class: "wood" }, parent);
  const rows = new Map();
  const cols = new Map();
  for (const c of board.cells) {
    const ky = c.y.toFixed(3);
    const kx = c.x.toFixed(3);
    if (!rows.has(ky)) rows.set(ky, []);
    if (!cols.has(kx)) cols.set(kx, []);
    rows.get(ky).push(c);
    cols.get(kx).push(c);
  }
  const line = (a, b) => {
    const [ax, ay] = at(a.x, a.y);
    const [bx, by] = at(b.x, b.y);
    el("line", { class: "grid", x1: ax, y1: ay, x2: bx, y2: by }, parent);
  };
  for (const r of rows.values()) {
    r.sort((a, b) => a.x - b.x);
    line(r[0], r[r.length - 1]);
  }
  for (const c of cols.values()) {
    c.sort((a, b) => a.y - b.y);
    line(c[0], c[c.length - 1]);
  }
}

// The rest of the rule file's look: marked cells, the players' coloured sides and the
// coordinate labels. `data-` attributes name what each shows, for tests.
function drawLook(parent) {
  const look = board.look;
  for (const m of look.marks) {
    const c = board.cells[m];
    const [cx, cy] = at(c.x, c.y);
    if (look.points) {
      el("circle", { cx, cy, r: 0.1, class: "star", "data-mark": c.name }, parent);
    } else {
      // A rosette: eight petals round a disc.
      const g = el("g", { class: "rosette", "data-mark": c.name }, parent);
      for (let k = 0; k < 8; k++) {
        const a = (k * Math.PI) / 4;
        el("circle", { cx: cx + 0.22 * Math.cos(a), cy: cy + 0.22 * Math.sin(a), r: 0.12 }, g);
      }
      el("circle", { cx, cy, r: 0.13, class: "heart" }, g);
    }
  }
  for (const e of look.edges) {
    const [ax, ay] = at(...e.from);
    const [bx, by] = at(...e.to);
    const attrs = { x1: ax, y1: ay, x2: bx, y2: by };
    el("line", { ...attrs, class: "edge-under" }, parent);
    el("line", { ...attrs, class: "edge", stroke: board.colors[e.player], "data-edge": e.name, "data-player": e.player }, parent);
  }
  for (const l of look.labels) {
    const [x, y] = at(l.x, l.y);
    const t = el("text", { x, y, class: "coord", "data-label": l.text }, parent);
    t.textContent = l.text;
  }
}

// A piece: the rule file's picture, or a disc in its owner's colour with its letter; in a
// game whose pieces point at the opponent (`look turned`), a wedge with its picture, turned
// round for the players who sit across. `data-at` names its cell and `data-symbol` the
// rule file's symbol, for tests and for reading the board.
function drawPiece(parent, id, cx, cy, cell) {
  const p = board.pieces[id];
  if (!p) return;
  const color = p.owner === null ? "#9a9a9a" : board.colors[p.owner];
  const tag = { "data-at": cell, "data-symbol": p.symbol };
  const turned = board.look.turned.includes(p.owner) !== flipped;
  if (board.look.turned.length) {
    const g = el("g", { transform: `rotate(${turned ? 180 : 0} ${cx} ${cy})`, class: "overlay", ...tag }, parent);
    const d = [[0, -0.42], [0.3, -0.28], [0.36, 0.4], [-0.36, 0.4], [-0.3, -0.28]]
      .map(([x, y]) => `${cx + x},${cy + y}`).join(" ");
    el("polygon", { points: d, class: "wedge" }, g);
    const t = el("text", { x: cx, y: cy + 0.03, class: "glyph", "font-size": p.glyph ? 0.44 : 0.4 }, g);
    t.textContent = p.label || p.symbol.toUpperCase();
    return;
  }
  if (p.glyph) {
    const t = el("text", { x: cx, y: cy + 0.04, class: "glyph", "font-size": 0.82, ...tag }, parent);
    t.textContent = p.label;
    return;
  }
  el("circle", { cx, cy, r: 0.36, fill: color, class: "piece", ...tag }, parent);
  if (p.label) {
    const dark = color === "#222222" || color === "black";
    const t = el("text", { x: cx, y: cy, class: "label", "font-size": 0.42, fill: dark ? "#fff" : "#222" }, parent);
    t.textContent = p.label;
  }
}

// The piece legend under the board: each kind once, with what each side's piece looks like.
function legend() {
  const box = $("legend");
  box.innerHTML = "";
  const kinds = new Map();
  board.pieces.forEach((p, id) => {
    if (id === 0) return;
    if (!kinds.has(p.kind)) kinds.set(p.kind, []);
    kinds.get(p.kind).push([p, id]);
  });
  for (const [kind, pieces] of kinds) {
    const item = document.createElement("span");
    item.className = "legend-item";
    item.dataset.kind = kind;
    for (const [p, id] of pieces) {
      const svg = document.createElementNS(SVG, "svg");
      svg.setAttribute("viewBox", "-0.5 -0.5 1 1");
      svg.setAttribute("class", "legend-piece");
      drawPiece(svg, id, 0, 0, "");
      item.appendChild(svg);
    }
    item.appendChild(document.createTextNode(" " + kind));
    box.appendChild(item);
  }
  // The rules' notes in words: the edges to join, special cells, the options in force.
  for (const text of board.notes || []) {
    const note = document.createElement("div");
    note.className = "legend-note";
    note.textContent = text;
    box.appendChild(note);
  }
}

// ---- entering moves by clicking ----

async function click(cell) {
  // At the end of Go a click on a group says it is dead, or alive after all.
  if (state && state.over && state.dead) {
    const r = await api("POST", `/api/sessions/${sessionId}/pick`, { picked: [], cell });
    show(r.state);
    return;
  }
  if (!state || state.over || !state.human_to_move) {
    say(state && state.over ? "the game is over: undo, or start a new game" : "the computer is to move", true);
    return;
  }
  let r;
  try {
    r = await api("POST", `/api/sessions/${sessionId}/pick`, { picked, cell });
  } catch (e) {
    // A click elsewhere than the highlighted cells starts a new move from that cell.
    if (!picked.length) throw e;
    picked = [];
    targets = [];
    draw();
    r = await api("POST", `/api/sessions/${sessionId}/pick`, { picked: [], cell });
  }
  $("choices").innerHTML = "";
  if (r.result === "played") {
    show(r.state);
  } else if (r.result === "picked") {
    picked = r.picked;
    targets = r.next;
    draw();
    say(r.complete ? `${r.complete}: click ${placeName(cell)} again to play it, or continue` : `picked ${picked.map(placeName).join(" ")}`);
  } else if (r.result === "choose") {
    say("choose a move:");
    placeChoices(cell);
    for (const text of r.choices) {
      const b = document.createElement("button");
      b.textContent = text;
      b.className = "choice";
      b.addEventListener("click", () => guarded(() => playText(text)));
      $("choices").appendChild(b);
    }
  }
}

// Puts the list of moves to choose from (a promotion) beside the cell just clicked.
function placeChoices(cell) {
  const box = $("choices");
  const shape = $("board").querySelector(`[data-cell="${cell}"]`);
  if (!shape) return;
  const r = shape.getBoundingClientRect();
  const outer = $("board-box").getBoundingClientRect();
  box.classList.add("beside");
  box.dataset.cell = cell;
  box.style.left = `${r.right - outer.left + 4}px`;
  box.style.top = `${r.top - outer.top}px`;
}

async function playText(text) {
  show(await api("POST", `/api/sessions/${sessionId}/move`, { text }));
}

async function command(name) {
  show(await api("POST", `/api/sessions/${sessionId}/${name}`));
}

async function goTo(ply) {
  if (!state) return;
  const end = state.history.length + state.future.length;
  if (ply < 0 || ply > end) return;
  show(await api("POST", `/api/sessions/${sessionId}/goto`, { ply }));
}

async function analyse(plies) {
  const level = Number($("level").value);
  $("analysis").textContent = "thinking…";
  const a = await api("POST", `/api/sessions/${sessionId}/analyse`, { level, plies });
  if (plies === 1) {
    $("analysis").textContent = a.line.length ? `hint: ${a.line[0]} (level ${a.level})` : "no hint: no legal move";
  } else {
    $("analysis").textContent = `${a.summary}; best line: ${a.line.join(" ") || "none"}`;
  }
}

async function legalMoves() {
  const m = await api("GET", `/api/sessions/${sessionId}/moves`);
  const shown = m.moves.map((x) => x.text).join(" ");
  $("legal-list").textContent = `${m.total} legal: ${shown}${m.total > m.moves.length ? " …" : ""}`;
}

async function showRecord() {
  const r = await api("GET", `/api/sessions/${sessionId}/record`);
  $("record-text").value = r.record;
  $("record-format").value = "tabletop";
}

// ---- wiring ----

function wire() {
  const on = (id, f) => $(id).addEventListener("click", () => guarded(f));
  on("start", startGame);
  on("load", loadRecord);
  on("save", showRecord);
  on("undo", () => command("undo"));
  on("redo", () => command("redo"));
  on("hint", () => analyse(1));
  on("analyse", () => analyse(6));
  on("legal", legalMoves);
  on("flip", async () => { flipped = !flipped; draw(); });
  on("first", () => goTo(0));
  on("prev", () => goTo(state.history.length - 1));
  on("next", () => goTo(state.history.length + 1));
  on("last", () => goTo(state.history.length + state.future.length));
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA" || !state) return;
    const keys = {
      ArrowLeft: () => goTo(state.history.length - 1),
      ArrowRight: () => goTo(state.history.length + 1),
      Home: () => goTo(0),
      End: () => goTo(state.history.length + state.future.length),
      Escape: async () => { picked = []; targets = []; $("choices").innerHTML = ""; draw(); },
    };
    if (keys[e.key]) {
      e.preventDefault();
      guarded(keys[e.key]);
    }
  });
}

async function main() {
  wire();
  await guarded(loadGames);
  if (sessionId) {
    try {
      const s = await api("GET", `/api/sessions/${sessionId}`);
      await open(s);
      return;
    } catch (e) {
      sessionStorage.removeItem("tabletop-session");
      sessionId = null;
    }
  }
  say("choose a game and press New game");
}

main();
