// The take-back panel: undo your own step, ask to take your turn back, and answer another's request,
// saying what would be taken back (in the log's own sentences), who agreed and whom it waits for.

import { html, seatName } from "./ui.js";

/** The take-backs the log shows: the ranges taken back, and the open request with who agreed so far. */
export function takeBacks(log) {
  const ranges = [];
  let request = null;
  for (const entry of log) {
    const event = entry.event || {};
    if (event.type === "TurnTakenBack") { ranges.push([event.first, event.last]); request = null; }
    else if (event.type === "TakeBackRequested") request = { ...event, approved: [] };
    else if (event.type === "TakeBackApproved" && request) request = { ...request, approved: [...request.approved, event.seat] };
    else if (event.type === "TakeBackRefused" || event.type === "TakeBackLapsed") request = null;
  }
  return { ranges, request, reverted: (v) => ranges.some(([first, last]) => v >= first && v <= last) };
}

const SHORT = 60;

/** One move in a short form: the log's sentence without the mover's name in front, cut at a word. */
function short(line, name) {
  let said = line.replace(/\.$/, "");
  if (name && said.startsWith(`${name} `)) said = said.slice(name.length + 1);
  if (said.length <= SHORT) return said;
  const cut = said.slice(0, SHORT);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), SHORT / 2))}…`;
}

/** What a request would take back, quoted move by move in a short form (as this viewer read them). */
function whatIsTakenBack(request, log, name) {
  const lines = log.filter((entry) => entry.version >= request.first && entry.version <= request.last).map((entry) => entry.description);
  if (!lines.length) return "their latest turn";
  const shown = lines.slice(0, 3).map((line) => short(line, name)).join("; ");
  return `“${shown}${lines.length > 3 ? `; and ${lines.length - 3} more` : ""}”`;
}

/** How your latest take-back request ended, when it was refused or lapsed and you have not moved since:
 * told on your page, not only in the log. */
export function yourRequestEnded(log, seat) {
  let asker = null;
  let ended = null;
  for (const entry of log) {
    const event = entry.event || {};
    if (event.type === "TakeBackRequested") { asker = event.seat; ended = null; }
    else if (event.type === "TurnTakenBack") { asker = null; ended = null; }
    else if ((event.type === "TakeBackRefused" || event.type === "TakeBackLapsed") && asker !== null) {
      ended = asker === seat ? { ...event, version: entry.version } : null;
      asker = null;
    } else if (ended && entry.seat === seat && !String(event.type).startsWith("TakeBack")) ended = null; // you moved on
  }
  return ended;
}

function endedText(ended, summary) {
  if (ended.type === "TakeBackRefused") return `${seatName(summary, ended.seat)} refused your take-back: your turn stands.`;
  const why = ended.reason === "time" ? "nobody answered in time" : "the game moved on before everyone agreed";
  return `Your take-back request lapsed (${why}): your turn stands.`;
}

const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

const TAKE_BACK_TEXT = {
  TakeBack: "Take back my last step",
  RequestTakeBack: "Ask to take back my turn",
  ApproveTakeBack: "Allow the take-back",
  RefuseTakeBack: "Refuse",
};

/** Why a take-back is not offered now, and when it will be again (the legal answer's `limited`). */
function Limited({ limited }) {
  return limited.map((held, i) => html`<p key=${i} class="limited" role="status">${
    held.message.replace(/ at [0-9:]+ UTC\.$/, "")} at ${new Date(held.until).toLocaleTimeString()}.</p>`);
}

/** The open request in words: who asks to take back what, who agreed, who is waited for, until when. */
function requestText(request, { summary, log, seat }) {
  const asker = request.seat === seat ? "You ask" : `${seatName(summary, request.seat)} asks`;
  const who = (s) => (s === seat ? "you" : seatName(summary, s));
  const agreed = request.approved.map(who);
  const waiting = summary.seats.map((s) => s.seat).filter((s) => s !== request.seat && !request.approved.includes(s)).map(who);
  return `${asker} to take back ${whatIsTakenBack(request, log, seatName(summary, request.seat))}.${agreed.length ? ` ${capitalised(agreed.join(" and "))} agreed.` : ""}${
    waiting.length ? ` Waiting for ${waiting.join(" and ")}.` : ""}${request.deadline ? ` Open until ${new Date(request.deadline).toLocaleTimeString()}.` : ""}`;
}

/** The take-back prompt: `takeBack` (its commands, what is limited, the open request), `table` as you see it, `sending`. */
export function Consent({ takeBack, table, sending }) {
  const { commands, limited = [], request } = takeBack;
  const { summary, log, seat } = table;
  const { send, busy } = sending;
  const ended = request ? null : yourRequestEnded(log, seat);
  if (!commands.length && !request && !ended && !limited.length) return "";
  const asked = commands.some((c) => c.type === "ApproveTakeBack" || c.type === "RefuseTakeBack");
  const text = request ? requestText(request, table) : "";
  return html`<section class=${`consent ${asked ? "asked" : ""}`} role=${asked ? "alertdialog" : "region"}
      aria-label=${asked ? "A take-back needs your consent" : "Undo"} aria-live="assertive">
    <h2>${request ? "Take-back requested" : ended ? "Your take-back" : "Undo"}</h2>
    ${text ? html`<p class="request">${text}</p>` : ""}
    ${ended ? html`<p class="request-ended" role="status">${endedText(ended, summary)}</p>` : ""}
    <${Limited} limited=${limited} />
    ${commands.length ? html`<div class="buttons">${commands.map((command, i) => html`<button key=${i} type="button" disabled=${busy}
      class=${`takeback ${command.type === "RefuseTakeBack" ? "secondary" : ""}`} data-command=${JSON.stringify(command)}
      onClick=${() => send(command)}>${TAKE_BACK_TEXT[command.type] || command.type}</button>`)}</div>` : ""}
  </section>`;
}
