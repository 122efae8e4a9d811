// A game's leaderboard: every rated player, best first (GET /api/ratings/{game}), shown on each player's
// page for the games they are rated in and on the game's own page (/ratings/{game}).

import { get } from "./api.js";
import { html, useEffect, useState } from "./ui.js";

export const HOW_RATED =
  "A rating is 40 × (μ − 3σ) + 1000 from openskill's Plackett-Luce model; it is provisional until 5 rated games.";

export function Leaderboard({ game, title = `${game}: leaderboard`, empty = "" }) {
  const [board, setBoard] = useState(null);
  useEffect(() => { get(`/api/ratings/${game}`).then(setBoard).catch(() => setBoard(null)); }, [game]);
  if (!board) return "";
  if (!board.players.length) return empty ? html`<p class="muted" id="no-ratings">${empty}</p>` : "";
  return html`<table class="leaderboard" data-game=${game}><caption>${title}</caption>
    <thead><tr><th scope="col">Place</th><th scope="col">Player</th><th scope="col">Rating</th><th scope="col">Games</th></tr></thead>
    <tbody>${board.players.map((row, place) => html`<tr key=${row.handle}><td>${place + 1}</td><td><a href=${`/players/${row.handle}`}>${row.handle}</a></td>
      <td>${row.provisional ? `${Math.round(row.rating)}, ${row.shown}` : row.shown}</td><td>${row.games}</td></tr>`)}</tbody></table>`;
}
