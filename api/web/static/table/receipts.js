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

/** Reveal this browser's contribution when the deal waits for it (every seat taken). */
async function revealIfAsked(id, token, summary, seat) {
  const kept = localStorage.getItem(contributionKey(id));
  if (!kept || !(summary.unrevealed || []).includes(seat)) return;
  try {
    await post(`${gamePath(id)}/contribution`, { contribution: kept }, { token });
  } catch (error) {
    if (error.status !== 422) throw error; // revealed already (another tab): nothing left to do
  }
}

/** The signed heads this browser kept for the game, oldest first. */
export function receipts(id) {
  try {
    return JSON.parse(localStorage.getItem(receiptsKey(id)) || "[]");
  } catch {
    return [];
  }
}

/** Keep the signed head of the version this page shows (once a version). */
async function keepHead(id, version) {
  const kept = receipts(id);
  if (!version || kept.some((head) => head.version === version)) return;
  const head = await get(`${gamePath(id)}/head`);
  if (kept.some((each) => each.version === head.version)) return;
  kept.push(head);
  localStorage.setItem(receiptsKey(id), JSON.stringify(kept.slice(-RECEIPTS_KEPT)));
}

/** After each read of the table by a seat: reveal when asked, and keep the head shown. */
export function sealed(id, token, summary, seat) {
  if (!token || seat == null || !summary.commitment) return;
  revealIfAsked(id, token, summary, seat).catch(() => {});
  keepHead(id, summary.version).catch(() => {});
}
