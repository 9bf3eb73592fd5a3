// The address bar and the share link. The address bar follows the view (a reload reopens it):
// written a moment after each change, and only with a puzzle the parser accepted, so rejected
// input never reaches the URL. Copy link makes the same link with the step on screen, or says why
// there is none (an empty or rejected puzzle, a link over url.js's MAX_LINK). A link opened or
// changed by hand is read back with `read`; one naming no puzzle (a history entry without `p=`)
// changes nothing on screen, and the address bar is given the view on screen again.

import { decodeState, shareLink } from './url.js';

const SAVE_DELAY_MS = 150;

export class Link {
  /**
   * @param {{ session: import('./session.js').Session, known: () => {ids: string[], defaults: string[]},
   *           button: HTMLButtonElement, status: HTMLElement, extra?: () => object }} options
   *   `extra`: what the link holds besides the session's state (the learner's game, www/play/).
   */
  constructor({ session, known, button, status, extra = () => ({}) }) {
    this.session = session;
    this.extra = extra;
    this.known = known;
    this.button = button;
    this.status = status;
    this.timer = null;
    /** The state `save` writes when its delay ends. */
    this.pending = null;
    this.labelTimer = null;
  }

  /** The view's state in the address bar now, as a link would hold it. */
  read() {
    return decodeState(location.hash, this.known());
  }

  /** A link that was not opened: why, said beside the button (`error` from url.js's decodeState). */
  refused(error) {
    this.status.textContent = `${error}: it was not opened.`;
  }

  /**
   * Writes the view to the address bar shortly (changes in a burst are written once): the last
   * view of the burst the parser accepted, taken now, so a burst that ends on rejected input
   * still writes the puzzle accepted just before it.
   */
  save() {
    clearTimeout(this.timer);
    const run = this.session.run;
    // While playing, the step is left out (it changes every frame); a pause writes it.
    this.session.linkState({ step: !!run && !run.player.playing, wait: false }).then(({ state }) => {
      if (state) this.pending = { ...state, ...this.extra() };
    });
    this.timer = setTimeout(() => this.#write(), SAVE_DELAY_MS);
  }

  #write() {
    const state = this.pending;
    this.pending = null;
    if (!state) return;
    const made = shareLink(base(), state, this.known());
    history.replaceState(null, '', made.link || base());
  }

  /** Copies the link to the view, at the step on screen; says what happened beside the button. */
  async copy() {
    clearTimeout(this.timer);
    const { state, error, note } = await this.session.linkState();
    const made = state ? shareLink(base(), { ...state, ...this.extra() }, this.known()) : { error };
    if (made.error) {
      this.status.textContent = `${made.error}.`;
      this.#label('No link');
      return;
    }
    this.status.textContent = note ? `${note}.` : '';
    history.replaceState(null, '', made.link);
    try {
      await navigator.clipboard.writeText(made.link);
      this.#label('Link copied');
    } catch {
      this.#label('Link is in the address bar');
    }
  }

  #label(text) {
    clearTimeout(this.labelTimer);
    this.button.textContent = text;
    this.labelTimer = setTimeout(() => {
      this.button.textContent = 'Copy link';
    }, 2000);
  }
}

/** The page's address without its fragment. */
function base() {
  return location.href.replace(/#.*$/, '');
}
