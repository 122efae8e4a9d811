// Your seat's part in the record (docs/record.md): a contribution to the deal, pledged as you sit down
// and revealed once every seat is taken; and every signed head this page is shown, kept in this
// browser as your receipts (the replay page offers them as a file for `backroom verify --receipts`).

import { gamePath, get, post } from "../api.js";
import { hex, pledge } from "../record.js";

const contributionKey = (id) => `backroom.contribution.${id}`;
const receiptsKey = (id) => `backroom.receipts.${id}`;
const RECEIPTS_KEPT = 5000;

/** A fresh contribution for the seat this browser is about to take, kept here; its pledge to send. */
export async function pledgeToSit(id) {
  const contribution = hex(crypto.getRandomValues(new Uint8Array(16)));
  localStorage.setItem(contributionKey(id), contribution);
  return pledge(contribution);
}

const revealing = new Map(); // game id -> the reveal under way: reads come faster than the read side moves

/** Reveal this browser's contribution when the deal waits for it (every seat taken), once. */
function revealIfAsked(id, token, summary, seat) {
  const kept = localStorage.getItem(contributionKey(id));
  const asked = !summary.open_seats.length && (summary.unrevealed || []).includes(seat);
  if (!kept || revealing.has(id) || !asked) return revealing.get(id);
  const reveal = post(`${gamePath(id)}/contribution`, { contribution: kept }, { token })
    .then(() => localStorage.removeItem(contributionKey(id)))
    .catch((error) => {
      revealing.delete(id); // a failure to reach the service is tried again at the next read
      if (error.status === 422) localStorage.removeItem(contributionKey(id)); // revealed already
    });
  revealing.set(id, reveal);
  return reveal;
}

/** The signed heads this browser kept for the game, oldest first. */
export function receipts(id) {
  try {
    return JSON.parse(localStorage.getItem(receiptsKey(id)) || "[]");
  } catch {
    return [];
  }
}

/** Keep the signed head of the version this page shows (once a version): `given` with the table's
 * read, else asked for. */
async function keepHead(id, version, given) {
  const kept = receipts(id);
  if (!version || kept.some((head) => head.version === version)) return;
  const head = given || await get(`${gamePath(id)}/head`);
  if (kept.some((each) => each.version === head.version)) return;
  kept.push(head);
  localStorage.setItem(receiptsKey(id), JSON.stringify(kept.slice(-RECEIPTS_KEPT)));
}

/** After each read of the table by a seat: reveal when asked, and keep the head shown (`head`: the
 * signed head the read answered with). */
export function sealed(id, token, summary, seat, head = null) {
  if (!token || seat == null || !summary.commitment) return;
  revealIfAsked(id, token, summary, seat);
  keepHead(id, summary.version, head).catch(() => {});
}
