// A seat's private rejoin link: /games/{id}#seat=TOKEN. The token rides in the fragment, which a
// browser never sends to a server nor in a Referer. Taking a new link replaces the seat's token (the
// old one stops working everywhere); the link is shown once, here, and never again.

import qrcode from "./vendor/qrcode-generator.module.js";
import { Refusal, gamePath, keepSeat, post } from "./api.js";
import { html, seatName, useState } from "./ui.js";

const FRAGMENT = /^#seat=([A-Za-z0-9_-]+)$/;

export const linkFor = (gameId, token) => `${location.origin}/games/${encodeURIComponent(gameId)}#seat=${token}`;

/**
 * A seat link this page was opened with: the token is taken out of the address at once and exchanged
 * for a new one kept in this browser, so the seat moves here: the device that made the link (and
 * anyone else holding it) stops playing, and the link serves once. Resolves to a notice for the
 * player, or null without a link.
 */
export async function claimFromLink(gameId) {
  const found = location.hash.match(FRAGMENT);
  if (!found) return null;
  history.replaceState(null, "", location.pathname + location.search);
  try {
    const seat = await asking(gameId, async () => {
      const claimed = await relinked(gameId, found[1]);
      return { seat: claimed.seat, token: claimed.token, name: seatName(claimed.game, claimed.seat) };
    });
    const name = seat.name;
    return { seat, notice: { kind: "info", text: `Welcome back, ${name}: this browser now holds your seat, and the device the link came from no longer plays it.` } };
  } catch (error) {
    const gone = error instanceof Refusal && (error.status === 403 || error.status === 401);
    return { seat: null, notice: { kind: "error", text: gone ? "This seat link no longer works: it was opened already, or a newer link or the recovery code replaced it." : error.message } };
  }
}

/** The QR code of `text`, drawn as an SVG path (no markup injected). */
export function QrCode({ text, label }) {
  const code = qrcode(0, "M");
  code.addData(text);
  code.make();
  const size = code.getModuleCount();
  let path = "";
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) if (code.isDark(row, col)) path += `M${col + 4},${row + 4}h1v1h-1z`;
  }
  const box = size + 8;
  return html`<svg class="qr" viewBox=${`0 0 ${box} ${box}`} role="img" aria-label=${label} shape-rendering="crispEdges">
    <rect width=${box} height=${box} fill="#fff" /><path d=${path} fill="#000" /></svg>`;
}

const asked = new Map();

/**
 * Ask for a new token with `ask` and keep the seat it answers in this browser. While it is asked, the
 * old token is already refused (the server replaces it before it answers): `relinking` lets a read that
 * was refused wait for the answer instead of taking the seat for lost.
 */
function asking(gameId, ask) {
  const kept = ask().then((seat) => { keepSeat(gameId, seat); return seat; });
  const settled = kept.catch(() => null).finally(() => { if (asked.get(gameId) === settled) asked.delete(gameId); });
  asked.set(gameId, settled);
  return kept;
}

/** Settles once this page's own request for a new seat link at `gameId` has its answer (now, if none). */
export function relinking(gameId) {
  return asked.get(gameId) || Promise.resolve(null);
}

/**
 * A new seat link, asked with an Idempotency-Key: when the answer is lost on the way (the old token is
 * dead by then), asking again with the same key answers the same new token instead of a refusal.
 */
async function relinked(gameId, token) {
  const key = globalThis.crypto && crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const headers = { "Idempotency-Key": key };
      return await post(`${gamePath(gameId)}/seat-link`, undefined, { token, headers });
    } catch (error) {
      if (error.status !== 0 || attempt >= 2) throw error;
    }
  }
}

/** "Get a private link to this seat": replaces the token, keeps the new one here, shows the link once. */
export function SeatLink({ gameId, mine, onNewSeat }) {
  const [link, setLink] = useState(null);
  const [state, setState] = useState("idle");
  const [copied, setCopied] = useState(false);
  if (!mine || mine.others) return "";
  const issue = async () => {
    setState("busy");
    try {
      const seat = await asking(gameId, async () => ({ ...mine, token: (await relinked(gameId, mine.token)).token }));
      onNewSeat(seat);
      setLink(linkFor(gameId, seat.token));
      setState("shown");
    } catch (error) {
      setState(`failed: ${error.message}`);
    }
  };
  const copy = async () => {
    try { await navigator.clipboard.writeText(link); setCopied(true); } catch { document.getElementById("seat-link").select(); }
  };
  if (link) {
    return html`<details class="seat-link" open><summary>Your private seat link</summary>
      <p>Open it on any device to play your seat there; this browser then stops playing it. <strong>Anyone with it plays as you</strong>;
        it is shown only now and works once. Getting a new one makes this one stop working.</p>
      <div class="share"><label for="seat-link" class="visually-hidden">Your private seat link</label>
        <input id="seat-link" readonly value=${link} onFocus=${(e) => e.target.select()} />
        <button type="button" onClick=${copy}>${copied ? "Copied" : "Copy"}</button></div>
      <${QrCode} text=${link} label="The QR code of your private seat link" />
    </details>`;
  }
  return html`<details class="seat-link"><summary>Play this seat on another device</summary>
    <p>A private link takes your seat to another device (a QR code too). Getting one replaces your seat's
      token: any link you took before stops working, and this browser keeps the new one.</p>
    <button type="button" onClick=${issue} disabled=${state === "busy"}>Get a new private link</button>
    ${state.startsWith("failed") ? html`<p class="notice error" role="alert">${state.slice(8)}</p>` : ""}
  </details>`;
}
