// The table options form, drawn from the game's own options schema (msgspec's JSON Schema): numbers,
// choices, checkboxes and fixed-size lists of numbers, each showing its default. What the server
// refuses comes back in its own words, beside the option it names.

import { html, placeOf } from "./ui.js";

/** The options object's schema (the catalogue gives a $ref into $defs). */
export function rootOf(schema) {
  if (schema && schema.$ref) return (schema.$defs || {})[schema.$ref.split("/").pop()] || {};
  return schema || {};
}

/** What kind of input an option takes: {kind, nullable, choices}. */
export function kindOf(spec) {
  const variants = spec.anyOf || [spec];
  const types = variants.map((v) => v.type);
  const nullable = types.includes("null");
  const main = variants.find((v) => v.type !== "null") || spec;
  if (spec["x-seat"]) return { kind: "seat", nullable }; // a seat, counted from 0 by the API: offered by place
  if (main.enum) return { kind: "choice", nullable, choices: main.enum };
  if (main.type === "boolean") return { kind: "boolean", nullable };
  if (main.type === "integer" || main.type === "number") return { kind: "number", nullable, integer: main.type === "integer" };
  if (main.type === "array" && Array.isArray(spec.default) && spec.default.every(isNumbers)) return { kind: "grid", nullable };
  return { kind: "json", nullable };
}

const isNumbers = (row) => Array.isArray(row) && row.every((n) => typeof n === "number");
const humanise = (key) => { const words = key.replace(/_/g, " "); return words.charAt(0).toUpperCase() + words.slice(1); };
const shown = (value) => (value === null || value === undefined ? "none" : typeof value === "boolean" ? (value ? "yes" : "no") : Array.isArray(value) ? value.map((row) => (Array.isArray(row) ? row.join("/") : row)).join(", ") : String(value));

/** The option a server message names (``... at `$.starting_seat` ``), or null. */
export function fieldOf(message) {
  const found = /\$\.([A-Za-z_][A-Za-z0-9_]*)/.exec(message || "");
  return found ? found[1] : null;
}

/** The options to send: only those the player changed, as the schema's types (defaults are the server's). */
export function chosenOptions(schema, values) {
  const properties = rootOf(schema).properties || {};
  const chosen = {};
  for (const [key, value] of Object.entries(values)) {
    const spec = properties[key];
    if (!spec || value === undefined) continue;
    const { kind } = kindOf(spec);
    if (kind === "boolean") chosen[key] = value;
    else if (kind === "seat") { if (value !== "") chosen[key] = Number(value); }
    else if (kind === "number" || kind === "choice") { if (value !== "") chosen[key] = kind === "number" ? Number(value) : value; }
    else if (kind === "grid") chosen[key] = value.map((row) => row.map((cell) => (cell === "" ? NaN : Number(cell))));
    else if (value !== "") chosen[key] = parseOrText(value);
  }
  return chosen;
}

function parseOrText(text) {
  try { return JSON.parse(text); } catch { return text; } // the server then says what it expected
}

/** The options a table was opened with that differ from the game's defaults, in words ("Random leaders:
 * yes · First player: Second seat"), or "" when it keeps every default. */
export function optionsText(schema, values, seats = 0) {
  const properties = rootOf(schema).properties || {};
  const changed = ([key, value]) => key in properties && JSON.stringify(value) !== JSON.stringify(properties[key].default ?? null);
  return Object.entries(values || {}).filter(changed).map(([key, value]) => {
    const spec = properties[key];
    const said = kindOf(spec).kind === "seat" && typeof value === "number" ? placeOf(value) : shown(value);
    return `${spec.title || humanise(key)}: ${said}`;
  }).join(" · ");
}

export function OptionsForm({ schema, values, onChange, refusal, seats = 0 }) {
  const root = rootOf(schema);
  const properties = Object.entries(root.properties || {});
  if (!properties.length) return html`<p class="muted options-none">${root.description || "This game has no table options."}</p>`;
  return html`<details class="options" open=${Boolean(refusal && refusal.field)}><summary>Table options</summary>
    ${root.description ? html`<p class="muted">${root.description}</p>` : ""}
    ${properties.map(([key, spec]) => html`<${Option} key=${key} name=${key} spec=${spec} value=${values[key]}
      invalid=${refusal && refusal.field === key} onChange=${(value) => onChange(key, value)} seats=${seats} />`)}
  </details>`;
}

function Option({ name, spec, value, onChange, invalid, seats }) {
  const id = `option-${name}`;
  const about = kindOf(spec);
  const title = spec.title || humanise(name);
  const hint = html`<span class="hint" id=${`${id}-hint`}>Default: ${shown(spec.default)}${about.nullable ? " (leave empty for it)" : ""}</span>`;
  const described = invalid ? `${id}-hint options-refusal` : `${id}-hint`;
  if (about.kind === "boolean") {
    const checked = value === undefined ? Boolean(spec.default) : value;
    return html`<div class="option"><label class="check"><input id=${id} type="checkbox" checked=${checked}
      aria-describedby=${described} onChange=${(e) => onChange(e.target.checked)} /> ${title}</label>${hint}</div>`;
  }
  if (about.kind === "choice") {
    return html`<div class="option"><label for=${id}>${title}</label><select id=${id} value=${value ?? ""} aria-describedby=${described}
      aria-invalid=${invalid ? "true" : undefined} onChange=${(e) => onChange(e.target.value)}>
      <option value="">default (${shown(spec.default)})</option>${about.choices.map((c) => html`<option value=${c}>${c}</option>`)}</select>${hint}</div>`;
  }
  if (about.kind === "seat") {
    return html`<div class="option"><label for=${id}>${title}</label><select id=${id} value=${value ?? ""} aria-describedby=${`${id}-hint`}
      aria-invalid=${invalid ? "true" : undefined} onChange=${(e) => onChange(e.target.value)}>
      <option value="">${about.nullable ? "drawn at random" : "default"}</option>
      ${Array.from({ length: seats }, (_, seat) => html`<option key=${seat} value=${seat}>${placeOf(seat)}${seat === 0 ? " (yours)" : ""}</option>`)}</select>
      <span class="hint" id=${`${id}-hint`}>Default: ${about.nullable ? "drawn at random" : shown(spec.default)}</span></div>`;
  }
  if (about.kind === "grid") return html`<${Grid} id=${id} title=${title} spec=${spec} value=${value} onChange=${onChange} hint=${hint} invalid=${invalid} />`;
  return html`<div class="option"><label for=${id}>${title}</label>
    <input id=${id} type=${about.kind === "number" ? "number" : "text"} step=${about.integer ? "1" : undefined} value=${value ?? ""}
      placeholder=${about.nullable ? "default" : shown(spec.default)} aria-describedby=${described} aria-invalid=${invalid ? "true" : undefined}
      onInput=${(e) => onChange(e.target.value)} />${hint}</div>`;
}

/** A fixed-size list of lists of numbers (a game's ladders, say): one number input per cell. */
function Grid({ id, title, spec, value, onChange, hint, invalid }) {
  const rows = value || spec.default.map((row) => row.map(String));
  const set = (r, c, text) => onChange(rows.map((row, i) => (i === r ? row.map((cell, j) => (j === c ? text : cell)) : row)));
  return html`<fieldset class="option grid" aria-describedby=${`${id}-hint`}>
    <legend>${title}</legend>
    ${rows.map((row, r) => html`<div class="grid-row" key=${r}><span class="muted" aria-hidden="true">${r + 1}.</span>${
      row.map((cell, c) => html`<label class="visually-hidden" for=${`${id}-${r}-${c}`}>${title} ${r + 1}, value ${c + 1}</label>
        <input id=${`${id}-${r}-${c}`} type="number" step="1" value=${cell} aria-invalid=${invalid ? "true" : undefined}
          onInput=${(e) => set(r, c, e.target.value)} />`)}</div>`)}
    ${hint}
  </fieldset>`;
}
