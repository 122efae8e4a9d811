// The game table (/games/{id}): your view drawn by the game's renderer, your legal moves as
// controls, the event log, live updates, and the take-back (undo) and consent prompts. Each concern
// has its module in table/: the seat, the game and following it live, sending, clicking, the board,
// the dock and the head; this one puts them together.

import { gameIdFromPath } from "./api.js";
import { ChatPanel } from "./chat.js";
import { Clock, stillAsked } from "./clocks.js";
import { takeBacks } from "./consent.js";
import * as generic from "./games/generic.js";
import { AddressNotice, EventLog, Notice, html, mount, outcomeText, useState } from "./ui.js";
import { BoardPanel } from "./table/board.js";
import { useChat } from "./table/chat.js";
import { RecoverForm, RecoveryCode } from "./recovery.js";
import { PlayerDock, splitCommands } from "./table/dock.js";
import { useGame } from "./table/game.js";
import { Heading, HowToPlay } from "./table/heading.js";
import { clicking, usePicking } from "./table/picking.js";
import { Rematch } from "./table/rematch.js";
import { JoinForm, useSandboxTurn, useSeat } from "./table/seat.js";
import { PassingChoice } from "./table/passing.js";
import { sender } from "./table/send.js";

const NoSuchGame = () => html`<section class="card-panel"><h1>No such game</h1><p>This table does not exist. <a href="/">Back to the lobby</a>.</p></section>`;

/**
 * The table as this page shows it to you: the game's renderer, the summary, your view and seat, who is
 * asked, the log, your moves (the take-backs apart: the consent prompt offers them) and their version.
 */
function seenAt(game) {
  const { summary, renderer: R, seen, log, legal } = game;
  const seat = seen && seen.seat !== undefined ? seen.seat : null;
  const view = seen ? seen.view : null;
  const { undo, moves } = splitCommands(legal.commands || []);
  return {
    R, summary, view, seat, log, moves, undo,
    seated: seat !== null && seat !== undefined,
    toAct: stillAsked((seen && seen.to_act) || summary.to_act, summary), // a forfeited seat is not asked
    describe: (command) => R.label(command, view, seat, summary) || generic.label(command),
    version: legal.version || 0,
  };
}

/** The table always shows the game as it is now: a link asking for a past version is sent to the replay. */
function pastVersion(id, key) {
  if (!["version", "v"].includes(key)) return "";
  const asked = new URLSearchParams(location.search).get(key);
  const replay = `/games/${encodeURIComponent(id)}/replay${/^\d+$/.test(asked || "") ? `?v=${asked}` : ""}`;
  return html`The table always shows the game as it is now; <a href=${replay}>the replay</a> shows any moment of it.`;
}

function Table() {
  const id = gameIdFromPath();
  const [notice, setNotice] = useState(null);
  const [busy, setBusy] = useState(false);
  const chat = useChat();
  const seating = useSeat(id, { setNotice, setBusy });
  const game = useGame(id, seating, chat, setNotice);
  useSandboxTurn(id, seating, game.summary);
  const pick = usePicking();

  if (game.missing) return html`<${NoSuchGame} />`;
  if (!game.summary || !game.renderer) return html`<p class="muted">Loading the table…</p><${Notice} notice=${notice} />`;
  const table = seenAt(game);
  const { summary, seat, seated, toAct, log } = table;
  const undone = takeBacks(log);
  const send = sender({ id, token: seating.token, game, setBusy, setNotice, onRuled: pick.clear });
  const sending = { send, busy };
  const clicks = { ...clicking({ ...table, pick, send, setNotice }), pick, setNotice };
  const takeBack = { commands: table.undo, limited: game.legal.limited || [], request: undone.request };
  document.title = `${seated && toAct.includes(seat) ? "● Your move · " : ""}${summary.title} · Backroom`;
  return html`
    <${AddressNotice} known=${[]} hint=${(key) => pastVersion(id, key)} />
    <${Heading} summary=${summary} seat=${seat} mine=${seating.mine} live=${game.live} version=${game.known.current.version} setMine=${seating.setMine} />
    <${Clock} clock=${summary.clock} closes=${summary.closes} summary=${summary} window=${table.R.windowSeconds} />
    <${HowToPlay} R=${table.R} summary=${summary} />
    <${RecoveryCode} gameId=${id} mine=${seating.mine} setMine=${seating.setMine} />
    ${seated ? "" : html`<${Notice} notice=${notice} />`}
    ${summary.status === "waiting" && !seating.mine ? html`<${JoinForm} summary=${summary} onJoin=${seating.join} busy=${busy} />` : ""}
    ${seating.mine ? "" : html`<${RecoverForm} summary=${summary} onRecovered=${seating.recovered} />`}
    ${summary.status === "over" ? html`<p class="outcome" role="status">${outcomeText(summary)} <a href=${`/games/${encodeURIComponent(id)}/replay`}>Replay the game</a></p>
      <${Rematch} id=${id} summary=${summary} mine=${seating.mine} setNotice=${setNotice} />` : ""}
    <div class="table-grid">
      <${BoardPanel} table=${table} clicks=${clicks} sending=${sending} />
      <aside class="table-side">
        ${seated ? html`<${PlayerDock} table=${table} clicks=${clicks} sending=${sending} takeBack=${takeBack} notice=${notice} />` : ""}
        ${seated && summary.status === "playing" ? html`<${PassingChoice} id=${id} token=${seating.token} windows=${table.R.windows} now=${Boolean(game.legal.auto_pass)} version=${game.known.current.version} />` : ""}
        <${EventLog} entries=${log} reverted=${undone.reverted} numbered=${false} />
        <${ChatPanel} gameId=${id} token=${seated ? seating.token : null} messages=${chat.messages} onSent=${(m) => chat.add([m])} />
      </aside>
    </div>`;
}

mount(Table);
