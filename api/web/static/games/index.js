// Which board renderer draws which game; a game without its own module gets the generic one.

import * as generic from "./generic.js";

const RENDERERS = {
  "slush-fund-2": () => import("./slush-fund-2.js"),
  politrickers: () => import("./politrickers.js"),
  "super-pacs": () => import("./super-pacs.js"),
  "campaign-trail": () => import("./campaign-trail.js"),
};

/** The renderer for `game`: its own module's pieces over the generic ones. */
export async function rendererFor(game) {
  const load = RENDERERS[game];
  if (!load) return { ...generic, own: false };
  try {
    return { ...generic, ...(await load()), own: true };
  } catch (error) {
    console.error(`The ${game} renderer failed to load; using the generic one`, error);
    return { ...generic, own: false };
  }
}
