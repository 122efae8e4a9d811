// The HTTP API as the pages use it: JSON calls, seat tokens kept in this browser, and live updates.

/** A refusal from the service, in its own error shape ({"error": {code, message, details}}). */
export class Refusal extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details || {};
  }
}

let signedIn = null;

/** Who this browser is signed in as: {handle, csrf}, both null for a guest (asked once a page). */
export function session(again = false) {
  if (again || !signedIn) {
    signedIn = fetch("/api/session", { cache: "no-store" })
      .then((response) => (response.ok ? response.json() : { handle: null, csrf: null }))
      .catch(() => ({ handle: null, csrf: null }));
  }
  return signedIn;
}

/** Call the API; resolves to the JSON body, rejects with a Refusal. A change without a seat token
 * carries the session's CSRF token when this browser is signed in (the cookie alone is not enough). */
export async function call(method, path, { token, body, headers = {}, signal } = {}) {
  const sent = { Accept: "application/json", ...headers };
  if (token) sent.Authorization = `Bearer ${token}`;
  if (!token && method !== "GET") {
    const { csrf } = await session();
    if (csrf) sent["X-CSRF-Token"] = csrf;
  }
  if (body !== undefined) sent["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      cache: "no-store",
    });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new Refusal(0, "network/unreachable", "The server cannot be reached; retrying may help.");
  }
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new Refusal(response.status, error.code || `http/${response.status}`,
      error.message || response.statusText, error.details);
  }
  return data;
}

export const get = (path, options) => call("GET", path, options);
export const post = (path, body, options = {}) => call("POST", path, { ...options, body });
export const del = (path, options) => call("DELETE", path, options);

// Seat tokens live in localStorage, one entry per game, and never in a URL.
const seatKey = (gameId) => `backroom.seat.${gameId}`;

/** This browser's seat at a game: {seat, token, name}, or null. */
export function mySeat(gameId) {
  try {
    const kept = JSON.parse(localStorage.getItem(seatKey(gameId)) || "null");
    return kept && typeof kept.token === "string" ? kept : null;
  } catch {
    return null;
  }
}

export function keepSeat(gameId, seat) {
  localStorage.setItem(seatKey(gameId), JSON.stringify(seat));
}

/** Forget this browser's seat at a game (its token was replaced elsewhere). */
export function forgetSeat(gameId) {
  localStorage.removeItem(seatKey(gameId));
}

/** Every game this browser holds a seat at. */
export function keptGames() {
  const found = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key && key.startsWith("backroom.seat.")) found.push(key.slice("backroom.seat.".length));
  }
  return found;
}

/** The id in /games/{id}[/replay]. */
export function gameIdFromPath() {
  const match = location.pathname.match(/^\/games\/([^/]+)/);
  return match ? decodeURIComponent(match[1]) : null;
}

export const gamePath = (gameId) => `/api/games/${encodeURIComponent(gameId)}`;

/**
 * The stream's address for a seat: a fresh single-use stream ticket (30 s) in it, never the token.
 * A server without tickets (404) is followed with the token in a header instead.
 */
async function streamAddress(gameId, token, query, headers, signal) {
  const address = `${gamePath(gameId)}/stream${query}`;
  if (!token) return address;
  try {
    const issued = await post(`${gamePath(gameId)}/stream-ticket`, undefined, { token, signal });
    return `${address}${query ? "&" : "?"}ticket=${encodeURIComponent(issued.ticket)}`;
  } catch (error) {
    if (!(error instanceof Refusal) || error.status !== 404 || error.code !== "http/not_found") throw error;
    headers.Authorization = `Bearer ${token}`;
    return address;
  }
}

/**
 * Follow a game's Server-Sent Events stream, read with fetch. A seat's connection carries a stream
 * ticket (never the token) in its address. Calls onEvent({id, event, data}) per message and
 * reconnects with Last-Event-ID.
 * Resolves to false at once when the server has no stream (the caller then polls instead).
 * `query()` gives the stream's query string at each (re)connection (the chat's cursor).
 */
export async function follow(gameId, token, lastId, onEvent, signal, onState = () => {}, query = () => "") {
  let last = lastId;
  let failures = 0;
  while (!signal.aborted) {
    const headers = { Accept: "text/event-stream" };
    if (last !== null && last !== undefined) headers["Last-Event-ID"] = String(last);
    let response;
    try {
      const address = await streamAddress(gameId, token, query(), headers, signal);
      response = await fetch(address, { headers, signal, cache: "no-store" });
    } catch (error) {
      if (signal.aborted) return true;
      response = null;
    }
    if (response && (response.status === 404 || response.status === 405) && failures === 0) {
      const type = response.headers.get("content-type") || "";
      const body = type.includes("json") ? await response.json().catch(() => null) : null;
      // A missing route, not a missing game: no stream on this server.
      if (!body || !body.error || body.error.code === "http/not_found") return false;
    }
    if (response && response.ok && response.body) {
      failures = 0;
      onState("live");
      try {
        for await (const message of messages(response.body)) {
          if (message.id) last = message.id;
          onEvent(message);
        }
      } catch (error) {
        if (signal.aborted) return true;
      }
    }
    if (signal.aborted) return true;
    failures += 1;
    onState("reconnecting");
    await sleep(Math.min(500 * failures, 5000), signal);
  }
  return true;
}

async function* messages(body) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n?/g, "\n");
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const message = { id: null, event: "message", data: "" };
      const data = [];
      for (const line of block.split("\n")) {
        if (!line || line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "id") message.id = text;
        else if (field === "event") message.event = text;
        else if (field === "data") data.push(text);
      }
      if (!data.length && !message.id) continue;
      message.data = data.join("\n");
      try {
        message.json = message.data ? JSON.parse(message.data) : null;
      } catch {
        message.json = null;
      }
      yield message;
    }
  }
}

export function sleep(ms, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (signal) signal.addEventListener("abort", () => { clearTimeout(timer); resolve(); }, { once: true });
  });
}

/** A fresh idempotency key, so a retried command is recognised. */
export function commandKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
