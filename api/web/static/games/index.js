// Which board renderer draws which game: the module named for the game's id (`./<id>.js`), found by
// that name alone, with the game's own stylesheet beside it (`./<id>.css`) when it has one. The server
// lists the games that have each (/static/games/renderers.json); any other game gets the generic renderer
// and the shared styles of app.css alone.

import * as generic from "./generic.js";

let listed = null;
const linked = new Map();

/** What the server lists, asked once a page: the ids with a renderer, and those with a stylesheet. */
function listing() {
  listed ??= fetch("/static/games/renderers.json")
    .then((answer) => (answer.ok ? answer.json() : {}))
    .then((body) => ({ renderers: new Set(body.renderers || []), stylesheets: new Set(body.stylesheets || []) }))
    .catch(() => ({ renderers: new Set(), stylesheets: new Set() }));
  return listed;
}

/** Link `game`'s stylesheet once, after app.css; resolves when it applies (or fails), so the first
 * drawing is already styled. */
function styled(game) {
  if (!linked.has(game)) {
    const link = Object.assign(document.createElement("link"), {
      rel: "stylesheet",
      href: new URL(`./${encodeURIComponent(game)}.css`, import.meta.url).href,
    });
    linked.set(game, new Promise((resolve) => {
      link.addEventListener("load", resolve, { once: true });
      link.addEventListener("error", () => {
        console.error(`The ${game} stylesheet failed to load`);
        resolve();
      }, { once: true });
    }));
    document.head.append(link);
  }
  return linked.get(game);
}

/** The renderer for `game`: its own module's pieces over the generic ones, its styles applied. */
export async function rendererFor(game) {
  const { renderers, stylesheets } = await listing();
  if (!renderers.has(game)) return { ...generic, own: false };
  try {
    const [own] = await Promise.all([import(`./${encodeURIComponent(game)}.js`), stylesheets.has(game) && styled(game)]);
    return { ...generic, ...own, own: true };
  } catch (error) {
    console.error(`The ${game} renderer failed to load; using the generic one`, error);
    return { ...generic, own: false };
  }
}
