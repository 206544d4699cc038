"use strict";
const $ = (id) => document.getElementById(id);
const state = { key: localStorage.getItem("memstream.key") || "", user: "", stream: null, lastEventId: null, facts: [], selected: null, editing: null };

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") node.className = v;
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null) node.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c instanceof Node ? c : String(c));
  return node;
}
function put(node, ...children) { node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined)); }
function day(iso) { return iso ? new Date(iso).toISOString().slice(0, 10) : "—"; }
function stamp(iso) { return iso ? new Date(iso).toISOString().replace("T", " ").slice(0, 19) : "—"; }
function setStatus(text, kind = "") { const s = $("status"); s.textContent = text; s.className = "status " + kind; }

async function api(method, path, body) {
  const headers = { "X-API-Key": state.key };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) throw new Error((data && data.detail) || response.statusText);
  return data;
}
const userPath = (rest = "") => `/v1/users/${encodeURIComponent(state.user)}${rest}`;

async function loadUsers() {
  try {
    const page = await api("GET", "/v1/users?limit=200");
    $("user-list").replaceChildren(...page.users.map((u) => el("option", { value: u })));
  } catch (e) { setStatus(e.message, "error"); }
}

async function openUser() {
  state.key = $("api-key").value.trim();
  state.user = $("user-id").value.trim();
  localStorage.setItem("memstream.key", state.key);
  if (!state.key || !state.user) { setStatus("Enter an API key and a user id.", "error"); return; }
  $("user-title").textContent = state.user;
  state.editing = null;
  for (const id of ["memory-toggle", "export", "erase"]) $(id).disabled = false;
  setStatus("");
  $("history").replaceChildren(el("div", { class: "empty" }, "Pick a fact's “History” to see its timeline."));
  $("search-results").replaceChildren();
  $("log").replaceChildren();
  await Promise.all([loadFacts(), loadSettings(), loadUsers()]);
  startStream();
}

async function loadSettings() {
  try {
    const s = await api("GET", userPath("/settings"));
    $("memory-toggle").checked = s.memory_enabled;
  } catch (e) { $("memory-toggle").checked = true; }
  $("memory-label").textContent = $("memory-toggle").checked ? "Memory on" : "Memory off";
}

async function loadFacts() {
  const box = $("facts");
  try {
    const history = $("show-history").checked ? "&include_history=true" : "";
    const page = await api("GET", userPath(`/facts?limit=1000&sort=importance&order=desc${history}`));
    state.facts = page.facts;
    renderFacts();
    const active = page.facts.filter((f) => f.status === "active").length;
    $("user-summary").textContent = `${active} active fact${active === 1 ? "" : "s"}`;
  } catch (e) {
    state.facts = [];
    box.replaceChildren(el("div", { class: "empty" }, e.message.includes("not found") ? "Nothing remembered about this user yet." : e.message));
    $("user-summary").textContent = "";
  }
}

function renderFacts() {
  if (state.editing) return;  // a live refresh must not wipe an edit in progress; it renders when the edit ends
  const box = $("facts");
  if (!state.facts.length) { box.replaceChildren(el("div", { class: "empty" }, "Nothing remembered about this user yet.")); return; }
  const groups = new Map();
  for (const f of state.facts) { if (!groups.has(f.category)) groups.set(f.category, []); groups.get(f.category).push(f); }
  const order = ["preference", "fact", "relationship", "event", "decision", "general"];
  const nodes = [];
  for (const category of [...groups.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b))) {
    nodes.push(el("h3", {}, `${category} (${groups.get(category).length})`));
    for (const f of groups.get(category)) nodes.push(factCard(f));
  }
  box.replaceChildren(...nodes);
}

function factCard(f) {
  const active = f.status === "active";
  const text = el("div", { class: "text", "data-testid": "fact-text" }, f.text);
  const meta = el("div", { class: "meta" },
    el("span", { class: "badge importance", title: "importance" }, `★ ${f.importance}`),
    el("span", { class: "badge" + (f.source === "manual" ? " manual" : ""), title: "source" }, f.source),
    el("span", {}, `since ${day(f.valid_from)}`),
    el("span", {}, `recorded ${stamp(f.recorded_at)}`),
    f.source_message_ids.length ? el("span", {}, `${f.source_message_ids.length} source message${f.source_message_ids.length > 1 ? "s" : ""}`) : null,
    active ? null : el("span", { class: "badge", style: "background:#fbeaea;color:#c23a3a" }, f.status),
  );
  const body = el("div", { class: "body" }, text, meta);
  const actions = el("div", { class: "actions" },
    el("button", { class: "small", "data-testid": "history-button", onclick: () => showHistory(f.fact_id) }, "History"),
    active ? el("button", { class: "small", "data-testid": "edit-button", onclick: () => startEdit(card, f) }, "Edit") : null,
    active ? el("button", { class: "small danger", "data-testid": "delete-button", onclick: () => deleteFact(f) }, "Delete") : null,
  );
  const card = el("div", { class: "fact" + (state.selected === f.fact_id ? " selected" : ""), "data-testid": "fact", dataset: { factId: f.fact_id, status: f.status } }, body, actions);
  return card;
}

function startEdit(card, f) {
  const body = card.querySelector(".body");
  const input = el("input", { type: "text", value: f.text, "data-testid": "edit-text", maxlength: "2000" });
  const save = el("button", { class: "small primary", "data-testid": "edit-save", type: "submit" }, "Save");
  const done = () => { state.editing = null; renderFacts(); };
  const cancel = el("button", { class: "small", type: "button", onclick: done }, "Cancel");
  const form = el("form", { class: "edit-box", onsubmit: async (event) => {
    event.preventDefault();
    if (!input.value.trim() || input.value === f.text) { done(); return; }
    try {
      const result = await api("PATCH", userPath(`/facts/${f.fact_id}`), { text: input.value.trim() });
      state.editing = null;
      setStatus("Saved: the old version is kept in the history.", "ok");
      state.selected = result.fact.fact_id;
      await loadFacts();
      await showHistory(result.fact.fact_id);
    } catch (e) { setStatus(e.message, "error"); done(); }
  } }, input, save, cancel);
  state.editing = f.fact_id;
  body.replaceChildren(form);
  input.focus();
}

async function deleteFact(f) {
  if (!confirm(`Delete “${f.text}”? It will no longer be used; the history keeps a record.`)) return;
  try {
    await api("DELETE", userPath(`/facts/${f.fact_id}`));
    setStatus("Deleted.", "ok");
    await loadFacts();
    if (state.selected === f.fact_id) await showHistory(f.fact_id);
  } catch (e) { setStatus(e.message, "error"); }
}

async function showHistory(factId) {
  state.selected = factId;
  for (const card of document.querySelectorAll(".fact")) card.classList.toggle("selected", card.dataset.factId === factId);
  try {
    const detail = await api("GET", userPath(`/facts/${factId}`));
    const items = detail.history.map((v) => {
      const range = `${day(v.valid_from)} → ${v.valid_to ? day(v.valid_to) : "now"}`;
      const label = v.status === "active" ? "current" : v.status;
      return el("li", { class: v.status, "data-testid": "timeline-item", dataset: { status: v.status } },
        el("div", { class: "when" }, `${range} · ${label} · recorded ${stamp(v.recorded_at)}`),
        el("div", { class: "what" }, v.text),
        el("div", { class: "why" }, `${v.source}${v.fact_id === factId && detail.decision ? ` · ${detail.decision.op} by ${detail.decision.decided_by}: ${detail.decision.reason}` : ""}`),
      );
    });
    const sources = detail.source_messages.map((m) => el("li", {}, el("span", { class: "muted" }, `${stamp(m.created_at)} · ${m.role}: `), m.content));
    put($("history"),
      el("ol", { class: "timeline" }, items),
      sources.length ? el("div", {}, el("h3", {}, "Said in"), el("ul", { style: "padding-left:18px;margin:0;font-size:13px" }, sources)) : null,
    );
  } catch (e) { $("history").replaceChildren(el("div", { class: "empty" }, e.message)); }
}

async function addFact(event) {
  event.preventDefault();
  const text = $("add-text").value.trim();
  if (!text || !state.user) return;
  try {
    const result = await api("POST", userPath("/facts"), {
      text, category: $("add-category").value, importance: Number($("add-importance").value) || 5,
    });
    const said = { ADD: "Added.", UPDATE: "Added; it replaces an older fact (kept in the history).", NONE: "Already known.", DELETE: "That retracted a fact." };
    setStatus(said[result.op] || result.op, "ok");
    $("add-text").value = "";
    await loadFacts();
    if (!state.stream) startStream();
  } catch (e) { setStatus(e.message, "error"); }
}

async function search(event) {
  event.preventDefault();
  const query = $("search-q").value.trim();
  if (!query || !state.user) return;
  try {
    const result = await api("POST", "/v1/search", { user_id: state.user, query, k: 8 });
    const rows = result.results.map((r) => el("div", { class: "hit", "data-testid": "search-hit" },
      el("div", {}, r.kind === "message" ? el("span", { class: "badge manual" }, "message") : null, " ", r.text),
      el("div", { class: "score" }, `score ${r.score.toFixed(4)} · ` + Object.entries(r.legs).map(([leg, s]) => `${leg} #${s.rank}`).join(", ")),
    ));
    const note = result.degraded.length ? el("div", { class: "status error" }, `partial results: ${result.degraded.join(", ")} unavailable`) : null;
    put($("search-results"), note, ...(rows.length ? rows : [el("div", { class: "empty" }, result.memory_enabled ? "No match." : "Memory is off for this user.")]));
  } catch (e) { $("search-results").replaceChildren(el("div", { class: "status error" }, e.message)); }
}

async function toggleMemory() {
  const enabled = $("memory-toggle").checked;
  try {
    await api("PUT", userPath("/settings"), { memory_enabled: enabled });
    $("memory-label").textContent = enabled ? "Memory on" : "Memory off";
    setStatus(enabled ? "Memory is on." : "Memory is off: new messages are not remembered.", "ok");
  } catch (e) { $("memory-toggle").checked = !enabled; setStatus(e.message, "error"); }
}

async function exportUser() {
  try {
    const data = await api("GET", userPath("/export"));
    const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
    const link = el("a", { href: URL.createObjectURL(blob), download: `memstream-${state.user}.json` });
    document.body.append(link); link.click(); link.remove();
  } catch (e) { setStatus(e.message, "error"); }
}

async function eraseUser() {
  const typed = prompt(`This permanently deletes everything about “${state.user}”: facts, history, messages, summaries.\nType the user id to confirm.`);
  if (typed === null) return;
  if (typed.trim() !== state.user) { setStatus("Not erased: the user id did not match.", "error"); return; }
  try {
    const result = await api("DELETE", userPath(""));
    const total = Object.values(result.erased).reduce((a, b) => a + b, 0);
    setStatus(`Erased ${state.user} (${total} rows).`, "ok");
    stopStream();
    state.facts = []; renderFacts();
    $("history").replaceChildren();
    await loadUsers();
  } catch (e) { setStatus(e.message, "error"); }
}

// Live updates: server-sent events read with fetch (EventSource cannot send the API key header).
function stopStream() { if (state.stream) state.stream.abort(); state.stream = null; setLive(false); }
function setLive(on) { $("live").textContent = on ? "● live" : "● offline"; $("live").className = on ? "on" : ""; }

async function startStream() {
  stopStream();
  const controller = new AbortController();
  state.stream = controller;
  const user = state.user;
  let delay = 1000;
  while (state.stream === controller && user === state.user) {
    try {
      const headers = { "X-API-Key": state.key };
      if (state.lastEventId) headers["Last-Event-ID"] = state.lastEventId;
      const response = await fetch(userPath("/changes?max_seconds=600"), { headers, signal: controller.signal });
      if (response.status === 404) { setLive(false); state.stream = null; return; }
      if (!response.ok) throw new Error(response.statusText);
      setLive(true); delay = 1000;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          handleFrame(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
      }
    } catch (e) {
      if (controller.signal.aborted) return;
    }
    setLive(false);
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 15000);
  }
}

let refresh = null;
function handleFrame(frame) {
  let event = "message", data = "", id = null;
  for (const line of frame.split("\n")) {
    if (line.startsWith(":")) continue;
    const [name, ...rest] = line.split(":");
    const value = rest.join(":").replace(/^ /, "");
    if (name === "event") event = value; else if (name === "data") data += value; else if (name === "id") id = value;
  }
  if (!data) return;
  if (id) state.lastEventId = id;
  const change = JSON.parse(data);
  const what = change.fact ? change.fact.text : change.reason;
  $("log").prepend(el("li", { "data-testid": "log-item" }, el("b", {}, event), " ", what, el("span", { class: "muted" }, ` · ${stamp(change.occurred_at)}`)));
  clearTimeout(refresh);
  refresh = setTimeout(() => { loadFacts(); if (state.selected) showHistory(state.selected); }, 150);
}

$("api-key").value = state.key;
$("open-user").addEventListener("click", openUser);
$("user-id").addEventListener("keydown", (e) => { if (e.key === "Enter") openUser(); });
$("api-key").addEventListener("change", () => { state.key = $("api-key").value.trim(); localStorage.setItem("memstream.key", state.key); loadUsers(); });
$("add-form").addEventListener("submit", addFact);
$("search-form").addEventListener("submit", search);
$("memory-toggle").addEventListener("change", toggleMemory);
$("export").addEventListener("click", exportUser);
$("erase").addEventListener("click", eraseUser);
$("show-history").addEventListener("change", loadFacts);
if (state.key) loadUsers();
