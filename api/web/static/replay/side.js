// Beside the board: every version to pick from, the one shown marked, and what was said at the table up
// to the time of the version shown.

import { ChatLog, loadChat } from "../chat.js";
import { EventLog, html, useEffect, useState } from "../ui.js";

/** The table talk, read again as the game moves on. */
export function useTableTalk(game) {
  const [chat, setChat] = useState([]);
  useEffect(() => { loadChat(game.id).then(setChat).catch(() => {}); }, [game.id, game.moves]);
  return chat;
}

export function ReplaySide({ timeline, steps, chat, player }) {
  const { at, entry, index, list } = steps;
  return html`<aside class="table-side">
    <${EventLog} entries=${timeline.entries} current=${at} reverted=${(v) => timeline.entries.some((e) => e.version === v && e.reverted)}
      onPick=${player.jump} label="Every version" />
    <section class="chat" aria-labelledby="chat-title"><h2 id="chat-title">Table talk <span class="muted">(until this version)</span></h2>
      <${ChatLog} messages=${chat} upto=${entry && index < list.length - 1 ? entry.at : null} /></section>
  </aside>`;
}
