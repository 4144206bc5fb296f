// alog's dashboard script: actions through the JSON API, the page kept live with
// Server-Sent Events, and the timers counted every second. Served by alog-serve itself.
"use strict";

// alog's compact duration (LedgerCore's formatDuration): 45s, 12m, 1h 40m, 3h, 2d 3h.
function formatDuration(seconds) {
  const total = Math.max(0, Math.floor(seconds));
  const days = Math.floor(total / 86400), hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (days > 0) return hours > 0 ? `${days}d ${hours}h` : `${days}d`;
  if (hours > 0) return minutes > 0 ? `${hours}h ${minutes}m` : `${hours}h`;
  if (minutes > 0) return `${minutes}m`;
  return `${total}s`;
}

const csrf = () => document.querySelector('meta[name="alog-csrf"]')?.content ?? "";

// This session's CSRF token again: the server makes a new key at each start, so a page
// rendered before a restart holds a stale one. True when the page has a fresh token.
async function renewCSRF() {
  try {
    const response = await fetch("/api/session", { cache: "no-store" });
    const body = response.ok ? await response.json() : null;
    const meta = document.querySelector('meta[name="alog-csrf"]');
    if (!body?.csrf || !meta) return false;
    meta.setAttribute("content", body.csrf);
    return true;
  } catch {
    return false;
  }
}
let renderedAt = Date.now();

function say(text, restoreID) {
  const messages = document.getElementById("messages");
  if (messages) {
    messages.textContent = text;
    // A delete can be taken back from here, whatever the page shows next.
    if (restoreID) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.action = "restore";
      button.dataset.id = restoreID;
      button.textContent = "Restore";
      messages.append(button);
    }
  }
  document.getElementById("alerts").textContent = "";
}

function alertText(text) {
  document.getElementById("alerts").textContent = text;
  document.getElementById("messages").textContent = "";
}

// The timers: each live element carries the seconds the server saw when it rendered.
function tick() {
  const elapsed = (Date.now() - renderedAt) / 1000;
  for (const element of document.querySelectorAll(".live[data-seconds]")) {
    const seconds = Number(element.dataset.seconds) + elapsed;
    if (element.tagName === "PROGRESS") {
      element.value = Math.min(seconds, Number(element.max));
    } else {
      element.textContent = formatDuration(seconds);
    }
  }
}

const pad = (number) => String(number).padStart(2, "0");
const localDate = (date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const localClock = (date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

// Times in the reader's zone, as the terminal shows them in the viewer's (the recorded time,
// with its offset, stays in the title): clocks (with the date when it is not today, or always
// for .dated), and the UTC times of .local as a date and a clock.
function localTimes() {
  const today = localDate(new Date());
  for (const element of document.querySelectorAll("time.clock[datetime], time.local[datetime]")) {
    const date = new Date(element.getAttribute("datetime"));
    if (isNaN(date)) continue;
    const dated = element.classList.contains("dated") || element.classList.contains("local") || localDate(date) !== today;
    element.textContent = dated ? `${localDate(date)} ${localClock(date)}` : localClock(date);
  }
  // A wide grid that ends today (the calendar) starts scrolled to its end.
  for (const element of document.querySelectorAll(".scroll.end")) element.scrollLeft = element.scrollWidth;
}

// What names a form across a refresh: its id, or its action and label (the Settings page has
// one form per type and purpose), or its place among the page's forms.
function formKey(form) {
  if (!form) return "";
  if (form.id) return form.id;
  const label = form.dataset.action && `${form.dataset.action}:${form.getAttribute("aria-label") ?? ""}`;
  return label || `form:${[...document.querySelectorAll("#main form")].indexOf(form)}`;
}

// What names an element across a refresh: a field by its form and name, a button by its
// action and what it acts on, anything else by its id.
function elementKey(element) {
  if (!element || element === document.body) return null;
  if (element.id) return `#${element.id}`;
  if (element.name && element.form) return `${formKey(element.form)}|${element.name}`;
  const data = element.dataset;
  if (data?.action) return `${data.action}:${data.type ?? data.id ?? data.remote ?? ""}:${data.move ?? ""}`;
  return null;
}

// The fields a person has changed and not yet sent: each one whose value is no longer the
// one the server rendered (an input's defaultValue, a select's selected option).
function typedFields(main) {
  const typed = new Map();
  for (const field of main.querySelectorAll("input, textarea, select")) {
    if (field.type === "hidden" || field.type === "submit" || field.type === "button") continue;
    const changed = field.type === "checkbox" || field.type === "radio" ? field.checked !== field.defaultChecked
      : field.tagName === "SELECT" ? [...field.options].some((option) => option.selected !== option.defaultSelected)
      : field.value !== field.defaultValue;
    const key = elementKey(field);
    if (changed && key) typed.set(key, field.type === "checkbox" || field.type === "radio" ? field.checked : field.value);
  }
  return typed;
}

// The page's <main> again from the server, in place. What a person was typing stays: every
// field they changed keeps its text, and the focused element (found again by its form and
// name, or its action) keeps the focus and the caret.
let refreshing = null;
async function refresh() {
  if (refreshing) return refreshing;
  refreshing = (async () => {
    try {
      const response = await fetch(location.href, { headers: { "X-Alog-Fragment": "main" }, cache: "no-store" });
      if (!response.ok) return;
      const html = await response.text();
      const main = document.getElementById("main");
      const focused = document.activeElement;
      const key = main.contains(focused) ? elementKey(focused) : null;
      const caret = key && typeof focused.selectionStart === "number"
        ? [focused.selectionStart, focused.selectionEnd, focused.selectionDirection] : null;
      const scroll = key && focused.tagName === "TEXTAREA" ? focused.scrollTop : null;
      const typed = typedFields(main);
      main.innerHTML = html;
      renderedAt = Date.now();
      const elements = new Map();
      for (const element of main.querySelectorAll("input, textarea, select, button, a, [id]")) {
        const name = elementKey(element);
        if (name && !elements.has(name)) elements.set(name, element);
      }
      for (const [name, value] of typed) {
        const field = elements.get(name);
        if (!field) continue;
        if (typeof value === "boolean") field.checked = value; else field.value = value;
      }
      const again = key && elements.get(key);
      if (again) {
        again.focus({ preventScroll: true });
        if (caret) { try { again.setSelectionRange(...caret); } catch {} }
        if (scroll !== null) again.scrollTop = scroll;
      }
      localTimes();
      iconFallback();
      tick();
      document.dispatchEvent(new CustomEvent("alog:refreshed"));
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

async function post(action, fields, retried = false) {
  const response = await fetch(`/api/${action}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Alog-CSRF": csrf() },
    body: JSON.stringify(fields),
  });
  let body = null;
  try { body = await response.json(); } catch { body = null; }
  if (!response.ok) {
    // Refused for a stale token (nothing was written): the server restarted since the page
    // was rendered. Take this session's new token and send the write once more.
    if (response.status === 403 && body?.error?.code === "csrf" && !retried && await renewCSRF()) {
      return post(action, fields, true);
    }
    throw new Error(body?.error?.message ?? `the server answered ${response.status}`);
  }
  return body;
}

function describeSync(result) {
  const lines = [`${result.action ?? "done"} with ${result.remote ?? "the remote"}`,
    `events received: ${result.eventsReceived ?? 0}, sent: ${result.eventsSent ?? 0}${result.pushed ? " (pushed)" : ""}`];
  if (result.notesReceived?.length) lines.push(`notes received: ${result.notesReceived.join(", ")}`);
  if (result.conflictCopies?.length) lines.push(`conflict copies: ${result.conflictCopies.map((c) => c.copy).join(", ")}`);
  if (result.notesNotSent?.length) lines.push(`notes not sent (commit them with git): ${result.notesNotSent.join(", ")}`);
  for (const warning of result.warnings ?? []) lines.push(`warning: ${warning}`);
  return lines.join("\n");
}

async function run(button, action, fields, form) {
  // A button stays focusable while its request runs (a disabled one would drop the focus);
  // a second press meanwhile is ignored.
  if (button.getAttribute("aria-busy") === "true") return;
  if (button.dataset.confirm && !confirm(button.dataset.confirm)) return;
  button.setAttribute("aria-busy", "true");
  try {
    const result = await post(action, fields);
    if (action === "sync") {
      // After the page is fresh, or the refresh would wipe it.
      const target = button.dataset.result ?? "";
      say(`sync: ${result.action ?? "done"}`);
      await refresh();
      const output = document.getElementById(target);
      if (output) output.textContent = describeSync(result);
      return;
    } else {
      const what = result?.message || (result?.id ? `${action} ${fields.type ?? ""} · id ${result.id}` : action);
      say(what + (result?.warnings?.length ? ` (${result.warnings.join("; ")})` : ""),
        action === "delete" ? fields.id : undefined);
      const quick = document.getElementById("quick");
      if (quick && (action === "log" || action === "start")) quick.reset();
      // What the form held is sent: the refresh below shows the new values.
      form?.reset();
    }
    await refresh();
  } catch (error) {
    alertText(error.message);
  } finally {
    button.removeAttribute("aria-busy");
  }
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-action]");
  if (!button || button.type === "submit") return;
  const action = button.dataset.action;
  const fields = {};
  if (button.dataset.type) fields.type = button.dataset.type;
  if (button.dataset.id) fields.id = button.dataset.id;
  if (button.dataset.tag) fields.tag = button.dataset.tag;
  if (button.dataset.remote) fields.remote = button.dataset.remote;
  if (button.dataset.off) fields.off = true;
  // Up and Down send the whole new order, and only it (the type they move is in it).
  if (button.dataset.types) { delete fields.type; fields.types = button.dataset.types; }
  const quick = document.getElementById("quick");
  if (quick && ["log", "start", "stop", "resume"].includes(action)) {
    const at = quick.elements.at?.value.trim();
    const note = quick.elements.note?.value;
    if (at) fields.at = at;
    if (note && action !== "resume") fields.note = note;
  }
  run(button, action, fields);
});

// Forms with data-action (the entry's edit form, Settings) send only what changed; a form for
// something new (data-new: Settings' new type) sends the fields that are filled in.
document.addEventListener("submit", (event) => {
  const form = event.target.closest("form[data-action]");
  if (!form) {
    if (event.target.id === "quick") event.preventDefault();
    return;
  }
  event.preventDefault();
  const fields = {};
  const adding = form.dataset.new !== undefined;
  for (const element of form.elements) {
    if (!element.name) continue;
    if (element.type === "hidden") { fields[element.name] = element.value; continue; }
    if (adding && element.value.trim() === "") continue;
    const initial = element.dataset.initial;
    if (initial === undefined || element.value !== initial) fields[element.name] = element.value;
  }
  const button = form.querySelector("button[type=submit]");
  if (Object.keys(fields).length <= (adding ? 0 : 1)) { say(adding ? "give the new type's name" : "nothing changed"); return; }
  run(button, form.dataset.action, fields, form);
});

// Without an emoji font the types' icons would be empty boxes: then each shows its type's
// first letter instead. An emoji drawn on a canvas has colour; a missing glyph's box has none.
function emojiDrawn() {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 24;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return true;
  context.textBaseline = "top";
  context.font = "20px sans-serif";
  context.fillText("\u{1F600}", 0, 0);
  const data = context.getImageData(0, 0, 24, 24).data;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] > 0 && (data[i] !== data[i + 1] || data[i + 1] !== data[i + 2])) return true;
  }
  return false;
}
const noEmoji = !emojiDrawn();
function iconFallback() {
  if (!noEmoji) return;
  document.documentElement.classList.add("no-emoji");
  for (const icon of document.querySelectorAll(".icon[data-letter]")) icon.textContent = icon.dataset.letter;
}
iconFallback();

// Live: the server says when the vault changed (a log in a terminal, a widget tap, a sync).
function connect() {
  if (!window.EventSource) return;
  const indicator = document.getElementById("connection");
  const source = new EventSource("/api/events");
  let first = true;
  const label = (text, title) => {
    indicator?.setAttribute("title", title);
    const words = indicator?.querySelector(".connection-text");
    if (words) words.textContent = text;
  };
  source.addEventListener("hello", () => {
    indicator?.classList.add("on");
    label("live", "Live: changes appear by themselves");
    // Reconnected after a pause (the server may have restarted): catch up on what happened
    // meanwhile, with this session's current token.
    if (!first) {
      renewCSRF();
      refresh();
    }
    first = false;
  });
  source.addEventListener("change", () => refresh());
  source.addEventListener("error", () => {
    indicator?.classList.remove("on");
    label("reconnecting…", "The server cannot be reached; reconnecting…");
  });
}

localTimes();
tick();
setInterval(tick, 1000);
connect();
