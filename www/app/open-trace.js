// Open trace: a trace made elsewhere (the CLI, a download, the learner's own solver through
// python/PySudoku.py) played on the page. Three ways in, one path: the `#open-trace` file input,
// a `.json` file dropped on the board, and the page's `?trace=NAME.json` parameter
// (docs/trace-format.md, "Opening a trace by its address"), fetched and handed over as a File.
// The File goes to the session, whose worker hands it to the facade: the facade checks its size
// before reading it and validates it, so a bad or oversized file is refused with the facade's
// error (naming the step and field) and the puzzle on screen is kept. A `?trace=` download stops
// at the same size (`readCapped`), so an oversized one is never held whole either.

/**
 * The address of a `trace` parameter, resolved against the page's address `base`, or { error }:
 * a path relative to the page on the page's own origin (no scheme, no leading '/' or '//', no '\').
 */
export function traceAddress(param, base) {
  const p = String(param);
  const refuse = (why) => ({ error: `The page's trace parameter ${JSON.stringify(p.length > 80 ? `${p.slice(0, 80)}…` : p)} is refused: ${why}.` });
  if (!p.trim()) return refuse('it is empty');
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(p)) return refuse('it must be a path relative to this page, without a scheme');
  if (p.startsWith('/')) return refuse('it must be a path relative to this page, not starting with /');
  if (p.includes('\\')) return refuse('it must not contain \\');
  if (/%(?![0-9a-fA-F]{2})/.test(p)) return refuse('a % in it must start an escape such as %20 (write a % itself as %25)');
  let url;
  try {
    url = new URL(p, base);
  } catch {
    return refuse('it is not a path');
  }
  if (url.origin !== new URL(base).origin) return refuse("it must stay on this page's own site");
  return { url: url.href };
}

/** The file name at the end of an address ("trace.json" for ".../runs/trace.json?x"). */
export function fileName(address) {
  const path = new URL(address).pathname;
  const last = path.slice(path.lastIndexOf('/') + 1);
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A % that starts no escape: the name as the address writes it.
  }
  return name || 'trace.json';
}

/**
 * The body of a fetch `response` as a Blob, read up to `maxBytes`: a body said (Content-Length)
 * or found to be longer is refused as soon as that is known, with an Error saying the size, and
 * the rest of it is not downloaded.
 */
export async function readCapped(response, maxBytes) {
  const tooLarge = (bytes) => new Error(`it is too large: ${bytes} bytes (a trace is read up to ${maxBytes} bytes)`);
  const said = Number(response.headers.get('content-length'));
  if (Number.isFinite(said) && said > maxBytes) {
    if (response.body) await response.body.cancel().catch(() => {});
    throw tooLarge(said);
  }
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(`more than ${maxBytes}`);
    }
    chunks.push(value);
  }
  return new Blob(chunks);
}

export class OpenTrace {
  /**
   * @param {{ input: HTMLInputElement, drop: HTMLElement, status: HTMLElement, error: HTMLElement,
   *           maxBytes: number, mark: () => unknown, open: (file: File, since: unknown) => Promise<unknown> }} options
   *   `open` plays the file (the session's `open`), unless the puzzle was edited after `since`, a
   *   mark `mark()` made (the session's generation) when the file was asked for; `error` is a
   *   `[role=alert]` for what went wrong; `maxBytes` the largest `?trace=` download read.
   */
  constructor({ input, drop, status, error, maxBytes = Infinity, mark = () => undefined, open }) {
    this.input = input;
    this.maxBytes = maxBytes;
    this.status = status;
    this.error = error;
    this.mark = mark;
    this.open = open;
    this.addressed = false; // a `?trace=` was opened, and the puzzle not edited since
    this.download = null; // the AbortController of a `?trace=` download under way
    this.plays = 0; // counts the files asked for: only the latest one's outcome is said
    input.addEventListener('change', () => {
      const file = input.files && input.files[0];
      if (file) this.play(file);
      // The same file chosen again is a new choice.
      input.value = '';
    });
    drop.addEventListener('dragover', (ev) => {
      if (!hasFiles(ev)) return;
      ev.preventDefault();
      ev.dataTransfer.dropEffect = 'copy';
      drop.classList.add('drop-target');
    });
    drop.addEventListener('dragleave', () => drop.classList.remove('drop-target'));
    drop.addEventListener('drop', (ev) => {
      drop.classList.remove('drop-target');
      if (!hasFiles(ev)) return;
      ev.preventDefault();
      const files = [...ev.dataTransfer.files];
      if (files.length !== 1) {
        this.#fail(`Drop one trace file (.json) on the board; ${files.length} files were dropped.`);
        return;
      }
      this.play(files[0]);
    });
  }

  /**
   * Plays `file`, asked for at the mark `since` (by default now; `fetched`: a `?trace=`
   * download); what happens is said in the status, or in the error; resolves to the session's
   * answer.
   */
  async play(file, { since = this.mark(), fetched = false } = {}) {
    const play = ++this.plays;
    this.error.textContent = '';
    this.status.textContent = `Opening ${file.name}…`;
    let result = null;
    try {
      result = await this.open(file, since);
    } catch (e) {
      if (play === this.plays) this.#fail(`${file.name}: ${(e && e.message) || e}`);
      return null;
    }
    // A file chosen after this one says its own outcome.
    if (play !== this.plays) return result;
    // The facade's error names the step by its index in `steps`; the page counts steps from 1.
    const e = result && result.error;
    if (e) this.#fail(`${file.name}${Number.isInteger(e.step) ? `, step ${e.step + 1}` : ''}: ${e.message}`);
    else if (result && result.cancelled === 'edited') this.status.textContent = `${file.name} was not opened: the puzzle was edited while it was ${fetched ? 'fetched' : 'read'}; the edit is kept.`;
    else if (result && result.cancelled) this.status.textContent = `Opening ${file.name} was cancelled: a solve started before it was read. Open it again to play it.`;
    else this.status.textContent = result && result.run ? `Playing ${file.name}.` : '';
    return result;
  }

  /**
   * Opens the page's `?trace=` parameter, if it has one. An edit made while it downloads wins:
   * the download stops (`edited`), or, if it ended, the file is not opened (the session compares
   * the generation it began at); the page says so, and the parameter leaves the address bar.
   */
  async fromAddress(search = location.search, base = location.href) {
    const param = new URLSearchParams(search).get('trace');
    if (param === null) return;
    const where = traceAddress(param, base);
    if (where.error) {
      this.#fail(where.error);
      return;
    }
    const name = fileName(where.url);
    const since = this.mark();
    const plays = this.plays;
    const download = new AbortController();
    this.download = download;
    this.status.textContent = `Fetching ${name}…`;
    let blob;
    try {
      const r = await fetch(where.url, { credentials: 'same-origin', signal: download.signal });
      if (!r.ok) throw new Error(`the server answered ${r.status} ${r.statusText}`.trim());
      blob = await readCapped(r, this.maxBytes);
    } catch (e) {
      if (download.signal.aborted) {
        // A file chosen meanwhile says its own outcome.
        if (plays === this.plays) this.#notOpened(name);
        else this.#dropParameter();
        return;
      }
      this.#fail(`The trace ${name} could not be fetched: ${(e && e.message) || e}.`);
      return;
    } finally {
      if (this.download === download) this.download = null;
    }
    const result = await this.play(new File([blob], name, { type: 'application/json' }), { since, fetched: true });
    if (result && result.run) this.addressed = true;
    else if (result && result.cancelled === 'edited') this.#dropParameter();
  }

  /** The puzzle was edited: a `?trace=` download under way stops (the edit wins). */
  edited() {
    if (this.download) this.download.abort();
  }

  /**
   * The puzzle was edited after a `?trace=` opened: the parameter leaves the address bar, so a
   * reload keeps the edit (the link's fragment) instead of opening the trace over it.
   */
  forgetAddress() {
    if (!this.addressed) return;
    this.addressed = false;
    this.#dropParameter();
  }

  /** A `?trace=` download the puzzle was edited during: said, and its parameter dropped. */
  #notOpened(name) {
    this.error.textContent = '';
    this.status.textContent = `${name} was not opened: the puzzle was edited while it was fetched; the edit is kept.`;
    this.#dropParameter();
  }

  #dropParameter() {
    // Outside a page (the unit tests) there is no address bar.
    if (typeof location === 'undefined' || typeof history === 'undefined') return;
    const url = new URL(location.href);
    if (!url.searchParams.has('trace')) return;
    url.searchParams.delete('trace');
    history.replaceState(history.state, '', url.href);
  }

  #fail(message) {
    this.status.textContent = '';
    this.error.textContent = message;
  }
}

function hasFiles(ev) {
  return !!ev.dataTransfer && [...ev.dataTransfer.types].includes('Files');
}
