"use strict";
// The memory panel: vanilla JS over the REST API, with the API key the user enters.
const $ = (id) => document.getElementById(id);
const PAGE = 50;       // facts per page
const SESSIONS = 10;   // sessions per page
const state = {
  key: localStorage.getItem("memstream.key") || "", user: "", stream: null, lastEventId: null,
  facts: [], factsCursor: null, asOf: null, selected: null, editing: null, fadedBelow: 0.1,
  sessionsCursor: null, hiddenHits: [],
};

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
function setStatus(text, kind = "") { const s = $("status"); s.textContent = text; s.className = "status " + kind; }
const quoted = (text) => `“${text}”`;

// ------------------------------------------------------------------ local time

const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || "local time";
const DAY = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric" });
const STAMP = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
function day(iso) { return iso ? DAY.format(new Date(iso)) : "—"; }
function stamp(iso) { return iso ? STAMP.format(new Date(iso)) : "—"; }
function localInputValue(date) {  // a Date as a datetime-local value, in local time
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

// ------------------------------------------------------------------ the API

async function api(method, path, body) {
  const headers = { "X-API-Key": state.key };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) { const error = new Error((data && data.detail) || response.statusText); error.status = response.status; throw error; }
  return data;
}
const userPath = (rest = "") => `/v1/users/${encodeURIComponent(state.user)}${rest}`;
function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== false) q.set(k, String(v));
  return q.toString();
}

// ------------------------------------------------------------------ words for what memory did

const SLOT_WORDS = {
  location: "where the user lives", occupation: "the user's job", employer: "where the user works",
  diet: "the user's diet", name: "the user's name", age: "the user's age", nationality: "the user's nationality",
  origin: "where the user is from", education: "the user's education", partner: "the user's partner",
};
function slotWords(reason) {
  const match = /\b(?:slot|on) ([a-z_]+)\s*$/.exec(reason || "") || /\bslot ([a-z_]+)/.exec(reason || "");
  if (!match) return null;
  return SLOT_WORDS[match[1]] || match[1].replace(/_/g, " ");
}

/** One sentence on why this version exists: who decided, what it did, and what it replaced. */
function explainDecision(decision, version, previous) {
  if (!decision) return version.source === "manual" ? "Added by hand." : "Learned from the conversation.";
  const about = slotWords(decision.reason);
  const was = previous ? quoted(previous.text) : "an earlier version";
  let text;
  if (decision.decided_by === "user") {
    text = { ADD: "You added this by hand.", UPDATE: `You edited this; it replaced ${was}.`, DELETE: "You deleted this." }[decision.op]
      || "You changed this.";
  } else {
    const origin = version.source === "manual" ? "Added by hand" : "Learned from the conversation";
    if (decision.op === "ADD") text = `${origin}; nothing like it was remembered before.`;
    else if (decision.op === "UPDATE") {
      text = about ? `${origin}; it replaced ${was}, since ${about} can only have one value at a time.`
        : `${origin}; it replaced ${was} as a newer version of the same thing.`;
    } else if (decision.op === "DELETE") text = `The user said this no longer holds${about ? ` (${about})` : ""}, so it was deleted.`;
    else text = "Already known: nothing changed.";
    if (decision.decided_by !== "rule") text += ` Decided by the ${decision.decided_by} model${decision.reason ? `: ${quoted(decision.reason)}` : "."}`;
  }
  return text;
}

/** What a fact was at a moment `at` (a Date), from its bi-temporal fields, and what became of it. */
function statusThen(fact, at) {
  const t = at.getTime();
  const ended = fact.superseded_at ? Date.parse(fact.superseded_at) : null;
  const later = fact.status === "superseded" ? "replaced" : "deleted";
  if (ended !== null && ended <= t) return { status: fact.status, label: `${later} by then`, note: `${later} on ${day(fact.superseded_at)}` };
  const notes = [];
  if (Date.parse(fact.recorded_at) > t) notes.push(`learned later, on ${day(fact.recorded_at)}`);
  notes.push(ended === null ? "still current" : `${later} later, on ${day(fact.superseded_at)}`);
  return { status: "active", label: "current then", note: notes.join("; ") };
}

// ------------------------------------------------------------------ opening a user

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
  state.editing = null; state.newUser = false; state.lastEventId = null;
  for (const id of ["memory-toggle", "export", "erase"]) $(id).disabled = false;
  setStatus("");
  $("history").replaceChildren(el("div", { class: "empty" }, "Pick a fact's “History” to see its timeline."));
  $("search-results").replaceChildren();
  $("log").replaceChildren();
  await Promise.all([loadFacts(), loadSettings(), loadUsers(), loadProfile(), loadSessions()]);
  startStream();
}

async function loadSettings() {
  try {
    const s = await api("GET", userPath("/settings"));
    $("memory-toggle").checked = s.memory_enabled;
  } catch (e) { $("memory-toggle").checked = true; }
  $("memory-label").textContent = $("memory-toggle").checked ? "Memory on" : "Memory off";
}

async function loadProfile() {
  try {
    const p = await api("GET", userPath("/profile"));
    put($("profile"), el("div", { "data-testid": "profile-digest" }, p.digest || "(empty)"),
      el("div", { class: "muted", style: "font-size:12px;margin-top:4px" }, `updated ${stamp(p.updated_at)}`));
  } catch (e) {
    $("profile").replaceChildren(el("div", { class: "empty" }, e.status === 404 ? "No profile yet: it is written as facts are learned." : e.message));
  }
}

// ------------------------------------------------------------------ facts: now or as of a moment, page by page

async function loadFacts(append = false) {
  const box = $("facts");
  if (!append) { state.facts = []; state.factsCursor = null; }
  try {
    const params = {
      limit: PAGE, sort: $("facts-sort").value, order: "desc",
      cursor: append ? state.factsCursor : null,
      include_history: !state.asOf && $("show-history").checked,
      as_of: state.asOf ? state.asOf.toISOString() : null,
    };
    const page = await api("GET", userPath(`/facts?${query(params)}`));
    state.facts = append ? state.facts.concat(page.facts) : page.facts;
    state.factsCursor = page.next_cursor;
    state.fadedBelow = page.faded_below;
    renderFacts();
    if (!state.asOf && !$("show-history").checked) {
      const more = page.next_cursor ? "+" : "";
      $("user-summary").textContent = `${state.facts.length}${more} active fact${state.facts.length === 1 ? "" : "s"}`;
    }
  } catch (e) {
    state.facts = []; state.factsCursor = null;
    box.replaceChildren(el("div", { class: "empty" }, e.message.includes("not found") ? "Nothing remembered about this user yet." : e.message));
  }
  $("facts-more").classList.toggle("hidden", !state.factsCursor);
  $("facts-count").textContent = state.facts.length ? `${state.facts.length} shown${state.factsCursor ? ", more to load" : ""}` : "";
}

function renderFacts() {
  if (state.editing) return;  // a live refresh must not wipe an edit in progress; it renders when the edit ends
  const box = $("facts");
  if (!state.facts.length) {
    box.replaceChildren(el("div", { class: "empty" }, state.asOf ? "Nothing was known to be true then." : "Nothing remembered about this user yet."));
    return;
  }
  if ($("facts-sort").value === "strength") {  // one list, strongest first: the order is the point
    box.replaceChildren(...state.facts.map((f) => factCard(f, true)));
    return;
  }
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

/** How strongly a fact is remembered now (recall raises it, time lowers it), as a bar and a percentage. */
function strengthMeter(f) {
  if (f.strength === null || f.strength === undefined) return null;
  const percent = Math.round(f.strength * 100);
  const faded = isFaded(f);
  const title = faded
    ? `Faded (under ${Math.round(state.fadedBelow * 100)} %): still stored, but left out of search and context unless asked for`
    : "How strongly this is remembered now: each recall (search, context, restating it) raises it, time lowers it";
  return el("span", { class: "strength" + (faded ? " faded" : ""), "data-testid": "strength", title, dataset: { strength: String(f.strength) } },
    el("span", { class: "bar" }, el("span", { style: `width: ${Math.max(2, percent)}%` })), `${percent} %`);
}
function isFaded(f) { return f.strength !== null && f.strength !== undefined && f.strength < state.fadedBelow; }

function factCard(f, withCategory = false) {
  const then = state.asOf ? statusThen(f, state.asOf) : null;
  const active = !then && f.status === "active";
  const faded = isFaded(f);
  const text = el("div", { class: "text", "data-testid": "fact-text" }, f.text);
  const meta = el("div", { class: "meta" },
    strengthMeter(f),
    faded ? el("span", { class: "badge faded", "data-testid": "faded-badge" }, "faded") : null,
    withCategory ? el("span", { class: "badge category" }, f.category) : null,
    el("span", { class: "badge importance", title: "importance" }, `★ ${f.importance}`),
    el("span", { class: "badge" + (f.source === "manual" ? " manual" : ""), title: "source" }, f.source === "manual" ? "added by hand" : "from conversation"),
    then ? el("span", { class: `badge then-${then.status}`, "data-testid": "status-then" }, then.label) : null,
    el("span", {}, `true from ${day(f.valid_from)}${f.valid_to ? ` to ${day(f.valid_to)}` : ""}`),
    then ? el("span", { "data-testid": "then-note" }, then.note) : el("span", {}, `recorded ${stamp(f.recorded_at)}`),
    el("span", { "data-testid": "last-recall" }, f.last_recalled_at ? `last recalled ${stamp(f.last_recalled_at)}` : "never recalled"),
    f.source_message_ids.length ? el("span", {}, `${f.source_message_ids.length} source message${f.source_message_ids.length > 1 ? "s" : ""}`) : null,
    !then && !active ? el("span", { class: "badge then-retracted" }, f.status === "superseded" ? "replaced" : "deleted") : null,
  );
  const body = el("div", { class: "body" }, text, meta);
  const actions = el("div", { class: "actions" },
    el("button", { class: "small", "data-testid": "history-button", onclick: () => showHistory(f.fact_id) }, "History"),
    active ? el("button", { class: "small", "data-testid": "edit-button", onclick: () => startEdit(card, f) }, "Edit") : null,
    active ? el("button", { class: "small danger", "data-testid": "delete-button", onclick: () => deleteFact(f) }, "Delete") : null,
  );
  const dataset = { factId: f.fact_id, status: f.status, faded: String(faded), ...(then ? { statusThen: then.status } : {}) };
  const classes = "fact" + (faded ? " faded" : "") + (state.selected === f.fact_id ? " selected" : "");
  const card = el("div", { class: classes, "data-testid": "fact", dataset }, body, actions);
  return card;
}

function applyAsOf(event) {
  event.preventDefault();
  const value = $("as-of").value;
  if (!value) { clearAsOf(); return; }
  state.asOf = new Date(value);  // datetime-local: the browser's local time
  $("facts-title").textContent = "Facts as they were";
  $("as-of-note").textContent = `What memory held as true on ${stamp(state.asOf.toISOString())} (${ZONE}), with the status each had then.`;
  $("as-of-note").classList.remove("hidden");
  $("as-of-clear").classList.remove("hidden");
  $("show-history").disabled = true;
  loadFacts();
}

function clearAsOf() {
  state.asOf = null;
  $("as-of").value = "";
  $("facts-title").textContent = "Active facts";
  $("as-of-note").classList.add("hidden");
  $("as-of-clear").classList.add("hidden");
  $("show-history").disabled = false;
  loadFacts();
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
    const byId = new Map(detail.history.map((v) => [v.fact_id, v]));
    const items = detail.history.map((v) => {
      const range = `${day(v.valid_from)} → ${v.valid_to ? day(v.valid_to) : "now"}`;
      const label = v.status === "active" ? "current" : v.status === "superseded" ? "replaced" : "deleted";
      const previous = detail.history.find((p) => p.superseded_by === v.fact_id) || null;
      let why;
      if (v.fact_id === factId) why = explainDecision(detail.decision, v, previous);
      else if (v.status === "superseded" && v.superseded_by && byId.has(v.superseded_by)) why = `Replaced on ${day(v.superseded_at)} by ${quoted(byId.get(v.superseded_by).text)}.`;
      else if (v.status === "retracted") why = `Deleted on ${day(v.superseded_at)}.`;
      else why = previous ? `Replaced ${quoted(previous.text)}.` : (v.source === "manual" ? "Added by hand." : "Learned from the conversation.");
      return el("li", { class: v.status, "data-testid": "timeline-item", dataset: { status: v.status } },
        el("div", { class: "when" }, `${range} · ${label} · recorded ${stamp(v.recorded_at)}`),
        el("div", { class: "what" }, v.text),
        el("div", { class: "why", "data-testid": "timeline-why", title: detail.decision && v.fact_id === factId ? `${detail.decision.op} by ${detail.decision.decided_by}: ${detail.decision.reason}` : "" }, why),
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

// ------------------------------------------------------------------ sessions

async function loadSessions(append = false) {
  const box = $("sessions");
  try {
    const page = await api("GET", userPath(`/sessions?${query({ limit: SESSIONS, cursor: append ? state.sessionsCursor : null })}`));
    state.sessionsCursor = page.next_cursor;
    const rows = page.sessions.map((s) => el("div", { class: "session", "data-testid": "session", dataset: { sessionId: s.session_id } },
      el("div", {}, el("b", {}, s.session_id), s.ended_at ? el("span", { class: "badge", style: "margin-left:6px" }, "ended") : null),
      el("div", { class: "when" }, `${stamp(s.started_at || s.last_message_at)} – ${stamp(s.last_message_at)} · ${s.messages} message${s.messages === 1 ? "" : "s"}, ${s.user_turns} from the user`),
      el("div", { class: "summary", "data-testid": "session-summary" },
        s.summary ? s.summary : el("span", { class: "muted" }, "No summary yet: one is written every few user turns and when the session ends.")),
    ));
    if (append) box.append(...rows);
    else put(box, rows.length ? rows : el("div", { class: "empty" }, "No sessions yet."));
  } catch (e) { box.replaceChildren(el("div", { class: "empty" }, e.message)); state.sessionsCursor = null; }
  $("sessions-more").classList.toggle("hidden", !state.sessionsCursor);
}

// ------------------------------------------------------------------ search, with a relevance cut-off

function similarityOf(hit) {
  // The best cosine of the vector legs (facts, message windows) that found the hit.
  const cosines = Object.entries(hit.legs).filter(([leg]) => leg.startsWith("vector")).map(([, v]) => v.score);
  return cosines.length ? Math.max(...cosines) : null;
}
function wordsMatch(hit) { return Object.keys(hit.legs).some((leg) => leg.startsWith("fulltext")); }

function hitRow(r) {
  const similarity = similarityOf(r);
  const reasons = [];
  if (similarity !== null) reasons.push(`similarity ${similarity.toFixed(2)}`);
  if (wordsMatch(r)) reasons.push("words match");
  return el("div", { class: "hit", "data-testid": "search-hit" },
    el("div", {}, r.kind === "message" ? el("span", { class: "badge manual" }, "message") : null, " ", r.text),
    el("div", { class: "why" }, reasons.join(" · ") + (r.kind === "message" ? ` · said ${stamp(r.message.created_at)}` : "")),
  );
}

async function search(event) {
  event.preventDefault();
  const q = $("search-q").value.trim();
  if (!q || !state.user) return;
  try {
    const result = await api("POST", "/v1/search", { user_id: state.user, query: q, k: 20 });
    const cutoff = Number($("search-cutoff").value) || 0;
    const relevant = (r) => wordsMatch(r) || (similarityOf(r) !== null && similarityOf(r) >= cutoff);
    const shown = result.results.filter(relevant);
    state.hiddenHits = result.results.filter((r) => !relevant(r));
    const note = result.degraded.length ? el("div", { class: "status error" }, `partial results: ${result.degraded.join(", ")} unavailable`) : null;
    const hidden = state.hiddenHits.length ? el("div", { class: "muted", style: "font-size:12px;margin-top:6px", "data-testid": "search-hidden" },
      `${state.hiddenHits.length} weaker match${state.hiddenHits.length === 1 ? "" : "es"} hidden `,
      el("button", { class: "small", type: "button", "data-testid": "search-show-all", onclick: showHidden }, "show")) : null;
    const empty = result.memory_enabled ? (state.hiddenHits.length ? "No strong match." : "No match.") : "Memory is off for this user.";
    put($("search-results"), note, ...(shown.length ? shown.map(hitRow) : [el("div", { class: "empty" }, empty)]), hidden);
  } catch (e) { $("search-results").replaceChildren(el("div", { class: "status error" }, e.message)); }
}

function showHidden(event) {
  const box = $("search-results");
  const note = box.querySelector("[data-testid=search-hidden]");
  const rows = state.hiddenHits.map((r) => { const row = hitRow(r); row.classList.add("weak"); row.style.opacity = "0.6"; return row; });
  if (note) note.replaceWith(...rows);
  state.hiddenHits = [];
}

// ------------------------------------------------------------------ settings, export, erase

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
    state.facts = []; state.factsCursor = null; renderFacts();
    $("facts-more").classList.add("hidden"); $("facts-count").textContent = "";
    $("history").replaceChildren();
    $("profile").replaceChildren(el("div", { class: "empty" }, "Erased."));
    $("sessions").replaceChildren(el("div", { class: "empty" }, "Erased."));
    $("sessions-more").classList.add("hidden");
    await loadUsers();
  } catch (e) { setStatus(e.message, "error"); }
}

// ------------------------------------------------------------------ live updates
// Server-sent events read with fetch (EventSource cannot send the API key header).

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
      // A user unknown when the panel opened has no change before the first one made here: read from the start.
      const since = state.newUser && !state.lastEventId ? "&since=0" : "";
      const response = await fetch(userPath(`/changes?max_seconds=600${since}`), { headers, signal: controller.signal });
      if (response.status === 404) { setLive(false); state.stream = null; state.newUser = true; return; }
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

/** A change event in words: what memory now holds, and what it let go of. */
function describeChange(op, change, known) {
  const text = change.fact ? quoted(change.fact.text) : "";
  if (op === "added") return ["Remembered", text];
  if (op === "superseded") {
    const old = known.get(change.previous_fact_id);
    return ["Updated", `now ${text}${old ? `, replacing ${quoted(old)}` : " (the earlier version is in the history)"}`];
  }
  if (op === "retracted") return ["Deleted", text];
  if (op === "erased") return ["Erased", "everything about this user"];
  return [op, text || change.reason];
}

const knownTexts = new Map();  // fact id -> text, so an update can name what it replaced
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
  for (const f of state.facts) knownTexts.set(f.fact_id, f.text);
  const [verb, what] = describeChange(event, change, knownTexts);
  if (change.fact) knownTexts.set(change.fact.fact_id, change.fact.text);
  $("log").prepend(el("li", { "data-testid": "log-item", dataset: { op: event } },
    el("span", { class: "op" }, verb), " ", what, el("span", { class: "muted" }, ` · ${stamp(change.occurred_at)}`)));
  clearTimeout(refresh);
  refresh = setTimeout(() => { loadFacts(); loadProfile(); if (state.selected) showHistory(state.selected); }, 150);
}

// ------------------------------------------------------------------ wiring

$("tz").textContent = `times in ${ZONE}`;
$("as-of").value = localInputValue(new Date());
$("api-key").value = state.key;
$("open-user").addEventListener("click", openUser);
$("user-id").addEventListener("keydown", (e) => { if (e.key === "Enter") openUser(); });
$("api-key").addEventListener("change", () => { state.key = $("api-key").value.trim(); localStorage.setItem("memstream.key", state.key); loadUsers(); });
$("add-form").addEventListener("submit", addFact);
$("search-form").addEventListener("submit", search);
$("as-of-form").addEventListener("submit", applyAsOf);
$("as-of-clear").addEventListener("click", clearAsOf);
$("facts-more").addEventListener("click", () => loadFacts(true));
$("sessions-more").addEventListener("click", () => loadSessions(true));
$("memory-toggle").addEventListener("change", toggleMemory);
$("export").addEventListener("click", exportUser);
$("erase").addEventListener("click", eraseUser);
$("show-history").addEventListener("change", () => loadFacts());
$("facts-sort").addEventListener("change", () => loadFacts());
if (state.key) loadUsers();
