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
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || 'trace.json';
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
   *           maxBytes: number, open: (file: File) => Promise<unknown> }} options
   *   `open` plays the file (the session's `open`); `error` is a `[role=alert]` for what went wrong;
   *   `maxBytes` the largest `?trace=` download read.
   */
  constructor({ input, drop, status, error, maxBytes = Infinity, open }) {
    this.input = input;
    this.maxBytes = maxBytes;
    this.status = status;
    this.error = error;
    this.open = open;
    this.addressed = false; // a `?trace=` was opened, and the puzzle not edited since
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

  /** Plays `file`; what happens is said in the status, or in the error. */
  async play(file) {
    this.error.textContent = '';
    this.status.textContent = `Opening ${file.name}…`;
    try {
      const result = await this.open(file);
      // The facade's error names the step by its index in `steps`; the page counts steps from 1.
      const e = result && result.error;
      if (e) this.#fail(`${file.name}${Number.isInteger(e.step) ? `, step ${e.step + 1}` : ''}: ${e.message}`);
      else this.status.textContent = result && result.run ? `Playing ${file.name}.` : '';
    } catch (e) {
      this.#fail(`${file.name}: ${(e && e.message) || e}`);
    }
  }

  /** Opens the page's `?trace=` parameter, if it has one. */
  async fromAddress(search = location.search, base = location.href) {
    const param = new URLSearchParams(search).get('trace');
    if (param === null) return;
    const where = traceAddress(param, base);
    if (where.error) {
      this.#fail(where.error);
      return;
    }
    this.status.textContent = `Fetching ${fileName(where.url)}…`;
    let blob;
    try {
      const r = await fetch(where.url, { credentials: 'same-origin' });
      if (!r.ok) throw new Error(`the server answered ${r.status} ${r.statusText}`.trim());
      blob = await readCapped(r, this.maxBytes);
    } catch (e) {
      this.#fail(`The trace ${fileName(where.url)} could not be fetched: ${(e && e.message) || e}.`);
      return;
    }
    await this.play(new File([blob], fileName(where.url), { type: 'application/json' }));
    this.addressed = true;
  }

  /**
   * The puzzle was edited after a `?trace=` opened: the parameter leaves the address bar, so a
   * reload keeps the edit (the link's fragment) instead of opening the trace over it.
   */
  forgetAddress() {
    if (!this.addressed) return;
    this.addressed = false;
    const url = new URL(location.href);
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
