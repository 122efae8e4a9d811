// The replay viewer (/games/{id}/replay): a slider over every version, step, play and pause, jumps to
// a turn or round, the event list in step with the board, a perspective switch where the rules allow
// one, taken-back ranges shown but skipped by default, deep links (?v=N) and keyboard shortcuts. Each
// concern has its module in replay/: the game, the perspective, the timeline, the link, the steps, the
// player, the board, the controls, the options and the side; this one puts them together.

import { gameIdFromPath } from "./api.js";
import { AddressNotice, Notice, html, mount, outcomeText, useState } from "./ui.js";
import { ReplayBoard, useShown } from "./replay/board.js";
import { Controls } from "./replay/controls.js";
import { useReplayedGame } from "./replay/game.js";
import { landing, useAddress } from "./replay/link.js";
import { Options } from "./replay/options.js";
import { RecordCheck } from "./replay/record.js";
import { usePerspective } from "./replay/perspective.js";
import { useKeys, usePlayer } from "./replay/player.js";
import { ReplaySide, useTableTalk } from "./replay/side.js";
import { usePlace, useSteps } from "./replay/steps.js";
import { useTimeline } from "./replay/timeline.js";

function Replay() {
  const [notice, setNotice] = useState(null);
  const game = useReplayedGame(gameIdFromPath(), setNotice);
  const looking = usePerspective(game);
  const place = usePlace();
  const timeline = useTimeline(game, looking, landing(place, setNotice), setNotice);
  const chat = useTableTalk(game);
  const steps = useSteps(timeline, place);
  useAddress(steps.at, looking.perspective);
  const shown = useShown(game, looking, steps, setNotice);
  const player = usePlayer(steps);
  useKeys(player);

  if (!game.summary || !game.renderer || !timeline) return html`<${Notice} notice=${notice} /><p class="muted">Loading the replay…</p>`;
  return html`
    <${Heading} game=${game} />
    <${AddressNotice} known=${["v", "as"]} />
    <${Notice} notice=${notice} />
    <${Controls} steps=${steps} player=${player} ranges=${timeline.ranges} />
    <${Options} game=${game} timeline=${timeline} steps=${steps} looking=${looking} player=${player} setNotice=${setNotice} />
    <div class="table-grid">
      <${ReplayBoard} game=${game} timeline=${timeline} steps=${steps} looking=${looking} shown=${shown} />
      <${ReplaySide} timeline=${timeline} steps=${steps} chat=${chat} player=${player} />
    </div>`;
}

function Heading({ game }) {
  const { summary, over } = game;
  return html`<h1>Replay: ${summary.title} <span class=${`status ${summary.status}`}>${summary.status}</span>${summary.sandbox ? html` <span class="status sandbox-mark" title="Seeded or forked: its cards may be known. Not a real game.">sandbox</span>` : ""}</h1>
    ${over ? html`<p class="outcome">${outcomeText(summary)}</p>` : ""}
    <${RecordCheck} id=${summary.id} summary=${summary} />`;
}

mount(Replay);
