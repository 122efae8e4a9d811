// The record, checked in the browser: a second implementation of docs/record.md, written from the spec
// alone (WebCrypto's SHA-256, HMAC-SHA-256 and Ed25519), never from the Python. It deals by the spec
// (for the test vectors) and checks a bundle's commitment, contributions, salts, chain and signature;
// re-dealing a whole game needs the rules, which only `backroom verify` has.

const TEXT = new TextEncoder();
const WORD = 4294967296; // 2^32, exact in a double

export const hex = (bytes) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
export const unhex = (text) => new Uint8Array(text.match(/../g) || []).map((_, i) => parseInt(text.slice(2 * i, 2 * i + 2), 16));
const bytes = (value) => (typeof value === "string" ? TEXT.encode(value) : value);
const joined = (...parts) => {
  const all = parts.map(bytes);
  const out = new Uint8Array(all.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of all) { out.set(part, at); at += part.length; }
  return out;
};

export const sha256 = async (value) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes(value)));

const HMAC_KEYS = new Map();
export async function hmac(key, message) {
  const id = hex(key);
  let imported = HMAC_KEYS.get(id);
  if (!imported) {
    imported = await crypto.subtle.importKey("raw", bytes(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    HMAC_KEYS.set(id, imported);
  }
  return new Uint8Array(await crypto.subtle.sign("HMAC", imported, bytes(message)));
}

export const commitment = async (secret) => hex(await sha256(`backroom/secret:${secret}`));
export const pledge = async (contribution) => hex(await sha256(`backroom/contribution:${contribution}`));
export const tableKey = (secret, contributions) =>
  hmac(TEXT.encode(secret), "backroom/deal" + contributions.map((c) => `:${c ?? ""}`).join(""));

// A step's stream: the words of HMAC(K, "{position}:{block}"), eight big-endian words a block.
export class Stream {
  constructor(key, position) { this.key = key; this.position = position; this.block = 0; this.words = []; }

  async word() {
    if (!this.words.length) {
      const view = new DataView((await hmac(this.key, `${this.position}:${this.block}`)).buffer);
      this.block += 1;
      for (let i = 0; i < 8; i += 1) this.words.push(view.getUint32(4 * i, false));
    }
    return this.words.shift();
  }

  async below(n) {
    const limit = WORD - (WORD % n);
    let w = await this.word();
    while (w >= limit) w = await this.word();
    return w % n;
  }

  async choice(seq) { return seq[await this.below(seq.length)]; }

  async shuffle(x) {
    for (let i = x.length - 1; i > 0; i -= 1) {
      const j = await this.below(i + 1);
      [x[i], x[j]] = [x[j], x[i]];
    }
    return x;
  }

  async sample(population, k) {
    const pool = [...population];
    for (let i = 0; i < k; i += 1) {
      const j = i + (await this.below(pool.length - i));
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    return pool.slice(0, k);
  }
}

export const saltKey = async (secret) => hmac(TEXT.encode(secret), "backroom/salts");
export const salt = (key, version) => hmac(key, String(version));
export const extend = async (head, salted, event) => hex(await sha256(joined(head ? unhex(head) : new Uint8Array(32), salted, event)));

const base64url = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

export async function signedBy(publicKey, message, signature) {
  const key = await crypto.subtle.importKey("raw", unhex(publicKey), { name: "Ed25519" }, false, ["verify"]);
  return crypto.subtle.verify({ name: "Ed25519" }, key, base64url(signature), bytes(message));
}

const failed = (check, version, expected, found) => ({ ok: false, check, version, expected, found });

// The browser's check of a bundle: what needs no rules. {ok: true} or the first failure.
export async function checkBundle(bundle) {
  const log = bundle.log.map((line) => JSON.parse(line));
  for (const [index, event] of log.entries()) {
    if (event.version !== index + 1) return failed("sequence", index + 1, index + 1, event.version);
  }
  const opened = log[0];
  if (bundle.scheme >= 2) {
    const made = await commitment(bundle.secret);
    if (made !== opened.commitment) return failed("commitment", 1, opened.commitment, made);
  }
  if (bundle.secret !== opened.secret) return failed("secret", 1, opened.secret, bundle.secret);
  const pledged = new Map((opened.pledges || []).flatMap((p, seat) => (p ? [[seat, [1, p]]] : [])));
  for (const event of log) if (event.type === "SeatTaken" && event.pledge) pledged.set(event.seat, [event.version, event.pledge]);
  const given = new Map(bundle.contributions.map((entry) => [entry.seat, entry.contribution]));
  for (const [seat, [version, expected]] of pledged) {
    const found = given.get(seat) ? await pledge(given.get(seat)) : null; // a finished game revealed every pledge
    if (found !== expected) return failed("contribution", version, expected, found);
  }
  if (bundle.signed.version !== log.length) return failed("complete", log.length, bundle.signed.version, log.length);
  const key = await saltKey(bundle.secret);
  let head = "";
  for (const [index, line] of bundle.log.entries()) {
    const salted = await salt(key, index + 1);
    if (hex(salted) !== bundle.salts[index]) return failed("salt", index + 1, hex(salted), bundle.salts[index]);
    head = await extend(head, salted, line);
    if (head !== bundle.heads[index]) return failed("chain", index + 1, head, bundle.heads[index]);
  }
  const signed = bundle.signed;
  const publicKey = (bundle.keys.find((k) => k.id === signed.key_id) || {}).public_key;
  const message = `backroom/head:${bundle.id}:${signed.version}:${signed.head}`;
  if (signed.head !== head || !publicKey || !(await signedBy(publicKey, message, signed.signature))) {
    return failed("signature", log.length, `a signature by key ${signed.key_id}`, signed.signature);
  }
  return { ok: true };
}

// The spec's test vectors, reproduced here: the names of those that differ (none when all hold).
export async function vectorsDiffer(v) {
  const wrong = [];
  const same = (name, made, given) => { if (JSON.stringify(made) !== JSON.stringify(given)) wrong.push(name); };
  same("commitment", await commitment(v.secret), v.commitment);
  same("pledges", await Promise.all(v.contributions.map((c) => (c === null ? null : pledge(c)))), v.pledges);
  const key = await tableKey(v.secret, v.contributions);
  same("table_key", hex(key), v.table_key);
  const words = new Stream(key, 7);
  const first = [];
  for (let i = 0; i < 10; i += 1) first.push(await words.word());
  same("words_at_7", first, v.words_at_7);
  const drawing = new Stream(key, 7);
  const drawn = [];
  for (const n of v.below_at_7.n) drawn.push(await drawing.below(n));
  same("below_at_7", drawn, v.below_at_7.drawn);
  same("shuffle_52_at_2", await new Stream(key, 2).shuffle([...Array(52).keys()]), v.shuffle_52_at_2);
  same("sample_20_5_at_3", await new Stream(key, 3).sample([...Array(20).keys()], 5), v.sample_20_5_at_3);
  same("choice_at_4", await new Stream(key, 4).choice("abcdefg"), v.choice_at_4);
  const salts = await saltKey(v.secret);
  same("salt_key", hex(salts), v.salt_key);
  const made = [];
  const heads = [];
  let head = "";
  for (const [index, event] of v.events.entries()) {
    const salted = await salt(salts, index + 1);
    made.push(hex(salted));
    head = await extend(head, salted, event);
    heads.push(head);
  }
  same("salts", made, v.salts);
  same("heads", heads, v.heads);
  same("signature", await signedBy(v.public_key, v.signed_message, v.signature), true);
  return wrong;
}
