// The record of a finished game on its replay page: a link to the bundle, this browser's own check of
// it (record.js: commitment, contributions, salts, chain, signature), "verified" only when that check
// passed, and the signed heads this browser kept while it played, as a file for `backroom verify`.

import { gamePath, get } from "../api.js";
import { checkBundle } from "../record.js";
import { receipts } from "../table/receipts.js";
import { html, useEffect, useState } from "../ui.js";

export function RecordCheck({ id, summary }) {
  const [check, setCheck] = useState(null);
  const over = summary.status === "over" && Boolean(summary.commitment) && !summary.forked_from;
  useEffect(() => {
    if (!over) return;
    get(`${gamePath(id)}/record`)
      .then(checkBundle)
      .then(setCheck)
      .catch((error) => setCheck({ ok: false, error: error.message }));
  }, [id, over]);
  if (!over) return "";
  const kept = receipts(id);
  const file = kept.length ? URL.createObjectURL(new Blob([JSON.stringify(kept)], { type: "application/json" })) : null;
  let said = html`<span class="muted">Checking the record in this browser…</span>`;
  if (check && check.ok) said = html`<strong class="record-verified">verified</strong> in this browser: the secret matches the commitment published when the table opened, every contribution its pledge, and the hash chain the service's signature. `;
  else if (check) said = html`<strong class="record-failed">not verified</strong>: ${check.error || `the ${check.check} check failed at version ${check.version}`}.`;
  return html`<p class="record" aria-live="polite">Record: ${said}
    <a href=${`${gamePath(id)}/record`} download=${`record-${id}.json`}>Download the record</a>
    ${file ? html` · <a href=${file} download=${`receipts-${id}.json`}>your ${kept.length} signed heads</a>` : ""}
    <span class="muted"> (re-deal every draw and re-run every rule with <code>backroom verify</code>)</span></p>`;
}
