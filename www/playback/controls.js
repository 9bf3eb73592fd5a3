// Controls: the transport buttons, the timeline and the keyboard, bound to actions.
// Keys: Space play/pause, ←/→ step, Home/End jump; ignored while typing in a field.

/**
 * @param {{play, stepForward, stepBack, toStart, toEnd, seek}} actions
 * @param {Document} [doc]
 */
export function bindControls(actions, doc = document) {
  const on = (id, fn) => doc.getElementById(id).addEventListener('click', fn);
  on('play', actions.play);
  on('step-forward', actions.stepForward);
  on('step-back', actions.stepBack);
  on('to-start', actions.toStart);
  on('to-end', actions.toEnd);
  const timeline = doc.getElementById('timeline');
  timeline.addEventListener('input', () => actions.seek(Number(timeline.value)));

  doc.addEventListener('keydown', (ev) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const action = keyAction(ev.key, ev.target);
    if (!action) return;
    ev.preventDefault();
    actions[action]();
  });
}

/** The action for a key pressed on `target`, or null to let the browser handle it. */
export function keyAction(key, target) {
  const tag = target && target.tagName;
  const typing = tag === 'TEXTAREA' || tag === 'SELECT' || (tag === 'INPUT' && target.type !== 'checkbox');
  if (typing || (target && target.isContentEditable)) return null;
  // A focused button keeps its own Space/Enter (press it), as a person expects.
  if (tag === 'BUTTON' && (key === ' ' || key === 'Enter')) return null;
  switch (key) {
    case ' ':
    case 'Spacebar':
      return 'play';
    case 'ArrowRight':
      return 'stepForward';
    case 'ArrowLeft':
      return 'stepBack';
    case 'Home':
      return 'toStart';
    case 'End':
      return 'toEnd';
    default:
      return null;
  }
}

/** Above this many steps per second, captions change too fast to read aloud. */
export const LIVE_MAX_SPEED = 2;

/**
 * The caption's `aria-live`: `polite` while a learner steps or plays slowly, `off` while playing
 * faster than LIVE_MAX_SPEED steps per second (a screen reader would fall behind and babble).
 */
export function captionLive(playing, stepsPerSecond) {
  return playing && stepsPerSecond > LIVE_MAX_SPEED ? 'off' : 'polite';
}
