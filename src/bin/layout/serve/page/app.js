// The explorer's page: asks the calculator (/api/...) and draws its answers.
// Text from the server is set with textContent only.
"use strict";

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

function show(id, on) {
  $(id).hidden = !on;
}

async function api(path, params, body) {
  const q = new URLSearchParams(params).toString();
  const r = await fetch(path + (q ? "?" + q : ""), body === undefined ? {} : { method: "POST", body });
  let v;
  try {
    v = await r.json();
  } catch (e) {
    v = { error: { kind: "http", message: "HTTP " + r.status, position: null } };
  }
  return v;
}

// ---- the URL fragment: #expr=...&tv=... and the bank questions

function readFragment() {
  const out = {};
  const h = location.hash.replace(/^#/, "");
  for (const part of h.split("&")) {
    if (!part) continue;
    const i = part.indexOf("=");
    const k = i < 0 ? part : part.slice(0, i);
    const raw = i < 0 ? "" : part.slice(i + 1);
    let v = raw;
    try {
      v = decodeURIComponent(raw);
    } catch (e) {
      // A malformed escape: keep the text as written.
    }
    out[k] = v;
  }
  return out;
}

function writeFragment(params) {
  const parts = [];
  if (params.view) parts.push("view=" + encodeURIComponent(params.view));
  for (const [k, v] of Object.entries(params)) {
    if (k !== "view" && v !== "" && v !== undefined) parts.push(k + "=" + encodeURIComponent(v));
  }
  const h = "#" + parts.join("&");
  if (location.hash !== h) history.replaceState(null, "", h);
}

let fragment = {};

function updateFragment(more) {
  fragment = Object.assign(fragment, more);
  writeFragment(fragment);
}

// ---- errors with a caret

// The character index of byte `pos` of `text` (UTF-8).
function charIndex(text, pos) {
  const enc = new TextEncoder();
  let bytes = 0;
  let i = 0;
  for (const ch of text) {
    if (bytes >= pos) break;
    bytes += enc.encode(ch).length;
    i += 1;
  }
  return i;
}

function showError(id, err, retry) {
  const box = $(id);
  box.replaceChildren();
  box.append(el("p", {}, err.message || "error"));
  if (err.position !== null && err.position !== undefined && err.text !== undefined) {
    const line = err.text.replace(/[\n\t]/g, " ");
    const caret = " ".repeat(charIndex(err.text, err.position)) + "^";
    const where = err.input ? "in " + err.input + ", at byte " + err.position : "at byte " + err.position;
    box.append(el("pre", { "aria-label": "the input with a caret " + where }, line + "\n" + caret));
  }
  const m = /did you mean `([^`]+)`\?/.exec(err.message || "");
  if (m && retry) {
    const b = el("button", { type: "button", class: "link" }, "Use " + m[1]);
    b.addEventListener("click", () => retry(m[1]));
    box.append(el("p", {}, b));
  }
  box.hidden = false;
}

// ---- the expression

const ex = {
  value: null,
};

async function evaluate() {
  const expr = $("expr").value;
  const tv = $("tv").value.trim();
  updateFragment({ expr, tv });
  const v = await api("/api/eval", tv ? { tv } : {}, expr);
  show("expr-error", false);
  show("table-error", false);
  show("tv-error", false);
  if (v.error) {
    ex.value = null;
    show("result", false);
    show("table-view", false);
    show("tv-view", false);
    showError("expr-error", v.error, (name) => {
      const e = v.error;
      const p = charIndex(expr, e.position || 0);
      const chars = Array.from(expr);
      let end = p;
      while (end < chars.length && /[A-Za-z0-9_]/.test(chars[end])) end += 1;
      $("expr").value = chars.slice(0, p).join("") + name + chars.slice(end).join("");
      evaluate();
    });
    return;
  }
  ex.value = v;
  $("result-kind").textContent = v.kind;
  $("result-cute").textContent = v.cute;
  $("result-static").textContent = v.cute_static || "";
  show("result-static-line", !!v.cute_static && v.cute_static !== v.cute);
  $("copy-macro").hidden = !v.layout_macro;
  $("copy-cpp").hidden = !v.cpp;
  $("copy-status").textContent = "";
  show("code", false);
  show("result", true);
  if (v.table && !v.table.error) {
    drawTable(v.table);
    show("table-view", true);
  } else {
    show("table-view", false);
    if (v.table && v.table.error) showError("table-error", v.table.error);
  }
  if (v.tv && !v.tv.error) {
    drawTv(v.tv);
    show("tv-view", true);
  } else {
    show("tv-view", false);
    if (v.tv && v.tv.error) showError("tv-error", v.tv.error);
  }
}

// idx2crd: the colexicographic coordinate of `i` in the shape `s` (nested arrays).
function idx2crd(i, s) {
  if (typeof s === "number") return i;
  const out = [];
  for (const m of s) {
    const n = size(m);
    out.push(idx2crd(i % n, m));
    i = Math.floor(i / n);
  }
  return out;
}

function size(s) {
  return typeof s === "number" ? s : s.reduce((a, m) => a * size(m), 1);
}

function cute(c) {
  return typeof c === "number" ? String(c) : "(" + c.map(cute).join(",") + ")";
}

function colorOf(text) {
  const n = Number(text);
  if (Number.isInteger(n)) return ((n % 8) + 8) % 8;
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) % 8;
  return h;
}

// Arrow keys move the focus through a grid's cells.
function gridKeys(table, onEnter) {
  table.addEventListener("keydown", (ev) => {
    const td = ev.target.closest("td");
    if (!td) return;
    const r = Number(td.dataset.row);
    const c = Number(td.dataset.col);
    const move = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[ev.key];
    if (move) {
      const next = table.querySelector(`td[data-row="${r + move[0]}"][data-col="${c + move[1]}"]`);
      if (next) {
        td.tabIndex = -1;
        next.tabIndex = 0;
        next.focus();
      }
      ev.preventDefault();
    } else if ((ev.key === "Enter" || ev.key === " ") && onEnter) {
      onEnter(td);
      ev.preventDefault();
    }
  });
}

function header(cols) {
  const tr = el("tr", {}, el("th", { scope: "col" }, ""));
  for (let n = 0; n < cols; n++) tr.append(el("th", { scope: "col" }, String(n)));
  return el("thead", {}, tr);
}

function drawTable(t) {
  $("table-title").textContent = "print_layout: " + t.layout;
  const grid = $("grid");
  grid.replaceChildren(header(t.cols));
  const body = el("tbody");
  const two = t.modes.length === 2;
  for (let m = 0; m < t.rows; m++) {
    const tr = el("tr", {}, el("th", { scope: "row" }, String(m)));
    for (let n = 0; n < t.cols; n++) {
      const v = t.cells[m * t.cols + n];
      const td = el("td", { class: "cell c" + colorOf(v), "data-row": m, "data-col": n, "data-offset": v, tabindex: m === 0 && n === 0 ? 0 : -1 }, v);
      tr.append(td);
    }
    body.append(tr);
  }
  grid.append(body);
  const describe = (td) => {
    const m = Number(td.dataset.row);
    const n = Number(td.dataset.col);
    const index = m + n * t.rows;
    const natural = two ? "(" + cute(idx2crd(m, t.modes[0])) + "," + cute(idx2crd(n, t.modes[1])) + ")" : cute(idx2crd(m, t.modes[0]));
    const coord = two ? "(" + m + "," + n + ")" : String(m);
    $("cell-info").textContent = "coordinate " + coord + " = " + natural + ", index " + index + ", offset " + td.dataset.offset;
  };
  const mark = (td) => {
    const same = td.dataset.offset;
    // A click on a marked cell clears the marks.
    const clear = td.classList.contains("same");
    let count = 0;
    for (const c of grid.querySelectorAll("td")) {
      const on = !clear && c.dataset.offset === same;
      c.classList.toggle("same", on);
      if (on) count += 1;
    }
    describe(td);
    if (count > 0) $("cell-info").textContent += "; " + count + " cell" + (count === 1 ? "" : "s") + " with offset " + same;
  };
  grid.onmouseover = (ev) => {
    const td = ev.target.closest("td");
    if (td) describe(td);
  };
  grid.onfocusin = grid.onmouseover;
  grid.onclick = (ev) => {
    const td = ev.target.closest("td");
    if (td) mark(td);
  };
  if (!grid.dataset.keys) {
    gridKeys(grid, (td) => grid.onclick({ target: td }));
    grid.dataset.keys = "1";
  }
}

function drawTv(t) {
  $("tv-title").textContent = "Thread-value view on the tile " + t.tile;
  const grid = $("tv-grid");
  grid.replaceChildren(header(t.cols));
  const body = el("tbody");
  for (let m = 0; m < t.rows; m++) {
    const tr = el("tr", {}, el("th", { scope: "row" }, String(m)));
    for (let n = 0; n < t.cols; n++) {
      const owners = t.owners[m * t.cols + n];
      const text = owners.length === 1 ? "T" + owners[0][0] + "\nV" + owners[0][1] : owners.map((p) => "T" + p[0] + " V" + p[1]).join("\n");
      const cls = owners.length ? "cell c" + (owners[0][0] % 8) : "cell";
      tr.append(el("td", { class: cls, "data-row": m, "data-col": n, tabindex: m === 0 && n === 0 ? 0 : -1 }, text));
    }
    body.append(tr);
  }
  grid.append(body);
  const describe = (td) => {
    const m = Number(td.dataset.row);
    const n = Number(td.dataset.col);
    const owners = t.owners[m * t.cols + n];
    const who = owners.length ? owners.map((p) => "thread " + p[0] + " value " + p[1]).join(", ") : "no thread";
    $("tv-info").textContent = "tile (" + m + "," + n + "), offset " + (m + n * t.rows) + ": " + who;
  };
  grid.onmouseover = (ev) => {
    const td = ev.target.closest("td");
    if (td) describe(td);
  };
  grid.onfocusin = grid.onmouseover;
  if (!grid.dataset.keys) {
    gridKeys(grid, describe);
    grid.dataset.keys = "1";
  }
}

async function copy(text) {
  $("code").textContent = text;
  show("code", true);
  try {
    await navigator.clipboard.writeText(text);
    $("copy-status").textContent = "copied";
  } catch (e) {
    const range = document.createRange();
    range.selectNodeContents($("code"));
    const sel = getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    $("copy-status").textContent = "selected: press Ctrl+C to copy";
  }
}

// ---- banks

function bankParams() {
  return {
    smem: $("smem").value,
    "elem-bytes": $("elem-bytes").value.trim(),
    "vec-bytes": $("vec-bytes").value.trim(),
  };
}

function heatLevel(k) {
  return k <= 0 ? 0 : k === 1 ? 1 : k === 2 ? 2 : k <= 4 ? 3 : k <= 8 ? 4 : 5;
}

function plural(n, word) {
  return n + " " + word + (n === 1 ? "" : "s");
}

// One instruction's heat map: a row per wavefront (a phase costs its most
// loaded bank's words), a column per bank; a cell holds the words of its
// bank in the phase when that bank serves one in this wavefront.
function heatMap(phases, title) {
  const t = el("table", { class: "grid heat", "aria-label": title });
  const tr = el("tr", {}, el("th", { scope: "col" }, "bank"));
  for (let b = 0; b < 32; b++) tr.append(el("th", { scope: "col" }, String(b)));
  t.append(el("thead", {}, tr));
  const body = el("tbody");
  let row = 0;
  phases.forEach((banks, p) => {
    const k = Math.max(...banks);
    for (let w = 0; w < k; w++) {
      const r = el("tr", {}, el("th", { scope: "row", title: "phase " + p + ", wavefront " + w }, "p" + p + " w" + w));
      banks.forEach((words, b) => {
        const on = words > w;
        r.append(el("td", { class: "cell h" + (on ? heatLevel(words) : 0), "data-row": row, "data-col": b, tabindex: row === 0 && b === 0 ? 0 : -1, title: "bank " + b + ": " + plural(words, "word") + " in phase " + p }, on ? String(words) : ""));
      });
      body.append(r);
      row += 1;
    }
  });
  t.append(body);
  gridKeys(t);
  return t;
}

function verdict(r) {
  const p = el("p", {});
  const c = r.bank_conflicts;
  p.append(plural(r.wavefronts, "wavefront") + ", ideal " + r.ideal + ", ");
  p.append(el("span", { class: c === 0 ? "ok" : "bad" }, c === 0 ? "conflict-free" : plural(c, "bank conflict") + ", worst " + r.degree + "-way"));
  return p;
}

function bankView(answer, title) {
  const box = el("div", {});
  box.append(el("h3", {}, title), verdict(answer.report));
  answer.report.instructions.forEach((ins, i) => {
    const what = "instruction " + i + ": " + plural(ins.wavefronts, "wavefront") + ", ideal " + ins.ideal + (ins.degree > 1 ? ", " + ins.degree + "-way bank conflict" : ", conflict-free") + (ins.packed ? ", packed load" : "");
    box.append(el("p", { class: "hint" }, what + " (rows: phase p, wavefront w; a cell: the words its bank holds in the phase)"));
    box.append(el("div", { class: "scroll" }, heatMap(answer.heat[i] || [], title + ", " + what)));
  });
  return box;
}

async function banks() {
  const ps = Object.assign(bankParams(), { access: $("access").value, op: $("op").value });
  updateFragment(ps);
  const v = await api("/api/banks", ps);
  show("banks-error", false);
  $("banks-view").replaceChildren();
  if (v.error) {
    showError("banks-error", v.error);
    return;
  }
  $("banks-view").append(bankView(v, "Heat map of " + ps.smem + " (" + ps.op + ")"));
}

async function pick() {
  const base = bankParams();
  const ps = Object.assign({}, base, { writer: $("writer").value, reader: $("reader").value });
  updateFragment(ps);
  const v = await api("/api/pick-swizzle", ps);
  show("pick-error", false);
  const view = $("pick-view");
  view.replaceChildren();
  if (v.error) {
    showError("pick-error", v.error);
    return;
  }
  view.append(el("p", {}, "Chosen: ", el("code", {}, v.swizzle), ", the tile ", el("code", {}, v.layout), ": ", plural(v.bank_conflicts, "bank conflict"), " in all."));
  for (const [name, tv, op] of [["writer", ps.writer, "st"], ["reader", ps.reader, "ld"]]) {
    // Before and after side by side, a row per side.
    const cols = el("div", { class: "columns" });
    for (const [when, smem] of [["before", base.smem], ["after", v.layout]]) {
      const a = await api("/api/banks", Object.assign({}, base, { smem, access: tv, op }));
      const col = el("div", {});
      if (a.error) {
        col.append(el("p", { class: "bad" }, name + " " + when + ": " + a.error.message));
      } else {
        col.append(bankView(a, name + " (" + op + ") " + when + ": " + smem));
      }
      cols.append(col);
    }
    view.append(cols);
  }
}

// ---- did you mean, while typing

const known = new Set();
let suggestTimer = null;

// The first name called in the expression that is no function, with the
// closest one the calculator knows.
async function suggest() {
  const expr = $("expr").value;
  const box = $("expr-suggest");
  const re = /([A-Za-z_][A-Za-z0-9_]*)\s*[(<]/g;
  let m;
  while ((m = re.exec(expr)) !== null) {
    const name = m[1];
    if (known.size === 0 || known.has(name) || name === "Sw" || name === "Swizzle") continue;
    const v = await api("/api/functions", { near: name });
    if ($("expr").value !== expr) return;
    box.replaceChildren("'" + name + "' is not a function");
    if (v.near) {
      const at = m.index;
      const b = el("button", { type: "button", class: "link" }, v.near);
      b.addEventListener("click", () => {
        $("expr").value = expr.slice(0, at) + v.near + expr.slice(at + name.length);
        box.replaceChildren();
        evaluate();
      });
      box.append("; did you mean ", b, "?");
    } else {
      box.append(" (see Functions)");
    }
    return;
  }
  box.replaceChildren();
}

$("expr").addEventListener("input", () => {
  clearTimeout(suggestTimer);
  suggestTimer = setTimeout(suggest, 250);
});

// ---- start

async function functions() {
  const v = await api("/api/functions", {});
  for (const f of v.functions || []) known.add(f);
  const list = $("function-list");
  for (const s of v.signatures || []) {
    const b = el("button", { type: "button", class: "link mono" }, s);
    b.addEventListener("click", () => {
      const input = $("expr");
      input.value = s.replace(/\(.*$/, "(").replace(/<.*$/, "<");
      input.focus();
    });
    list.append(el("li", {}, b));
  }
}

function fromFragment() {
  fragment = readFragment();
  const set = (id, k) => {
    if (fragment[k] !== undefined) $(id).value = fragment[k];
  };
  set("expr", "expr");
  set("tv", "tv");
  for (const k of ["smem", "elem-bytes", "vec-bytes", "access", "op", "writer", "reader"]) set(k, k);
  // `view=banks` shows the bank questions alone.
  $("expr-section").hidden = fragment.view === "banks";
  const jobs = fragment.view === "banks" ? [] : [evaluate(), loaded.then(suggest)];
  if (fragment.access !== undefined) jobs.push(banks());
  if (fragment.writer !== undefined) jobs.push(pick());
  return Promise.all(jobs);
}

$("expr-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  evaluate();
});
$("banks-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  banks();
});
$("pick-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  pick();
});
$("copy-macro").addEventListener("click", () => ex.value && copy(ex.value.layout_macro));
$("copy-cpp").addEventListener("click", () => ex.value && copy(ex.value.cpp));
window.addEventListener("hashchange", fromFragment);
const loaded = functions();
fromFragment();
