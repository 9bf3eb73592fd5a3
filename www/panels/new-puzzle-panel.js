// The New puzzle panel (index.html `#new-puzzle`): the choices of www/app/new-puzzle.js, the
// generation run in the solver's generations' worker with its tries so far shown and a Cancel,
// and the puzzle made handed to the page (`load`), where it is solved, watched or played like any
// other. The page stays live throughout: the worker makes the puzzle.

import { Cancelled } from '../app/solver.js';
import { makeRequest, randomSeed, describeProgress, describeMade, describeGaveUp, rungsToOffer } from '../app/new-puzzle.js';

export class NewPuzzlePanel {
  /**
   * @param {{ needs: HTMLSelectElement, diagonal: HTMLInputElement, symmetric: HTMLInputElement,
   *           ratingMin: HTMLInputElement, ratingMax: HTMLInputElement, make: HTMLButtonElement,
   *           cancel: HTMLButtonElement, status: HTMLElement }} el
   * @param {{ generate: (options: object, onProgress: (tries: number) => void) => Promise<object>,
   *           cancel: () => void, load: (puzzle: string, diagonal: boolean) => void,
   *           labelOf: (id: string) => string, seed?: () => number }} deps
   */
  constructor(el, { generate, cancel, load, labelOf, seed = () => randomSeed() }) {
    this.el = el;
    this.generate = generate;
    this.cancelGenerate = cancel;
    this.load = load;
    this.labelOf = labelOf;
    this.seed = seed;
    /** The request running, or null. */
    this.running = null;
    el.make.addEventListener('click', () => this.make());
    el.cancel.addEventListener('click', () => this.cancel());
  }

  /** One choice per rung a generated puzzle can need (`rungsToOffer`), named by its label. */
  fillRungs(registry) {
    for (const s of rungsToOffer(registry)) {
      const opt = document.createElement('option');
      opt.value = s.id;
      opt.textContent = s.label;
      this.el.needs.append(opt);
    }
  }

  #busy(on) {
    // The focus follows the button that acts: Cancel while it runs, Make again after.
    const focused = document.activeElement === (on ? this.el.make : this.el.cancel);
    this.el.make.disabled = on;
    this.el.make.textContent = on ? 'Making…' : 'Make a puzzle';
    this.el.cancel.hidden = !on;
    for (const field of ['ratingMin', 'ratingMax']) this.el[field].removeAttribute('aria-invalid');
    if (focused) (on ? this.el.cancel : this.el.make).focus();
  }

  #say(text, state) {
    this.el.status.textContent = text;
    this.el.status.dataset.state = state;
  }

  async make() {
    const el = this.el;
    const request = makeRequest({
      needs: el.needs.value,
      diagonal: el.diagonal.checked,
      symmetric: el.symmetric.checked,
      ratingMin: el.ratingMin.value,
      ratingMax: el.ratingMax.value,
    }, this.seed());
    if (!request.ok) {
      this.#say(request.message, 'error');
      el[request.field].setAttribute('aria-invalid', 'true');
      el[request.field].focus();
      return;
    }
    const { options } = request;
    const mine = {};
    this.running = mine;
    this.#busy(true);
    this.#say(describeProgress(options, 0, this.labelOf), 'busy');
    try {
      const made = await this.generate(options, (tries) => {
        if (this.running === mine) this.#say(describeProgress(options, tries, this.labelOf), 'busy');
      });
      if (this.running !== mine) return;
      this.load(made.puzzle, options.diagonal);
      this.#say(describeMade(options, made, this.labelOf), 'made');
    } catch (e) {
      if (this.running !== mine) return;
      if (e instanceof Cancelled) this.#say('Cancelled: no puzzle was made.', 'cancelled');
      else if (e.kind === 'gave_up') this.#say(describeGaveUp(options, this.labelOf), 'gave-up');
      else this.#say(`Could not make a puzzle: ${e.message}`, 'error');
    } finally {
      if (this.running === mine) {
        this.running = null;
        this.#busy(false);
      }
    }
  }

  /** Stops the generation running; the panel says so. */
  cancel() {
    if (!this.running) return;
    this.cancelGenerate();
  }
}
