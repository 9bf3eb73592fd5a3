// DOM-free step player: play/pause at a speed in steps per second, step, jump, seek.
// Time comes from an injected clock, so tests drive it frame by frame without a browser.

export const SPEEDS = Object.freeze([1, 2, 4, 8, 15, 30, 60, 120, 250, 500, 1000]);

/** At most this many steps per frame, so one frame never does a long task. */
export const MAX_STEPS_PER_FRAME = 400;

const browserClock = {
  now: () => performance.now(),
  request: (cb) => requestAnimationFrame(cb),
  cancel: (id) => cancelAnimationFrame(id),
};

export class Player {
  /**
   * @param {import('../trace/replay.js').Replay} replay
   * @param {{onChange?: Function, clock?: object, speed?: number}} [options]
   *   onChange({position, length, step, direction, playing}) after every move or state change.
   */
  constructor(replay, { onChange = () => {}, clock = browserClock, speed = 8 } = {}) {
    this.replay = replay;
    this.onChange = onChange;
    this.clock = clock;
    this.speed = speed;
    this.playing = false;
    this.frame = null;
    this.last = 0;
    this.budget = 0;
  }

  get position() {
    return this.replay.position;
  }

  get length() {
    return this.replay.length;
  }

  #emit(direction) {
    const r = this.replay;
    this.onChange({ position: r.position, length: r.length, step: r.current, direction, playing: this.playing });
  }

  setSpeed(stepsPerSecond) {
    const s = Number(stepsPerSecond);
    if (Number.isFinite(s) && s > 0) this.speed = s;
  }

  play() {
    if (this.playing) return;
    if (this.replay.position >= this.replay.length) this.replay.seek(0);
    this.playing = true;
    this.last = this.clock.now();
    // The first step shows at once: pressing play gives immediate feedback.
    this.budget = 1;
    this.frame = this.clock.request((t) => this.#tick(t));
    this.#emit('none');
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    if (this.frame !== null) this.clock.cancel(this.frame);
    this.frame = null;
    this.#emit('none');
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  #tick(now) {
    this.frame = null;
    if (!this.playing) return;
    const t = typeof now === 'number' ? now : this.clock.now();
    this.budget += (Math.max(0, t - this.last) * this.speed) / 1000;
    this.last = t;
    let n = Math.min(Math.floor(this.budget), MAX_STEPS_PER_FRAME);
    this.budget -= Math.floor(this.budget);
    let moved = false;
    while (n-- > 0 && this.replay.forward()) moved = true;
    if (this.replay.position >= this.replay.length) this.playing = false;
    if (moved || !this.playing) this.#emit('forward');
    if (this.playing) this.frame = this.clock.request((t2) => this.#tick(t2));
  }

  stepForward() {
    this.pause();
    if (this.replay.forward()) this.#emit('forward');
  }

  stepBack() {
    this.pause();
    if (this.replay.backward()) this.#emit('backward');
  }

  toStart() {
    this.seek(0);
  }

  toEnd() {
    this.seek(this.replay.length);
  }

  /** Jumps to position k; pauses, since the learner took over. */
  seek(k) {
    this.pause();
    const before = this.replay.position;
    const after = this.replay.seek(k);
    this.#emit(after >= before ? 'jump-forward' : 'jump-backward');
  }
}
