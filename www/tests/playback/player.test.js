// The step player (playback/player.js) on an injected clock: play, pause, speed, stepping and
// seeking.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Player, MAX_STEPS_PER_FRAME } from '../../playback/player.js';
import { Replay } from '../../trace/replay.js';
import { randomTrace } from '../helpers.js';

/** A clock whose frames run only when the test says so. */
function fakeClock() {
  let now = 0;
  let queue = [];
  let id = 0;
  return {
    now: () => now,
    request(cb) {
      queue.push({ id: ++id, cb });
      return id;
    },
    cancel(x) {
      queue = queue.filter((f) => f.id !== x);
    },
    /** Advances time by `ms` and runs the frames that were waiting. */
    frame(ms) {
      now += ms;
      const q = queue;
      queue = [];
      q.forEach((f) => f.cb(now));
    },
    get pending() {
      return queue.length;
    },
  };
}

function setup(n = 100, speed = 10) {
  const clock = fakeClock();
  const events = [];
  const player = new Player(new Replay(randomTrace(n, 5)), { clock, speed, onChange: (e) => events.push(e) });
  return { clock, events, player };
}

test('play advances at the chosen speed and stops at the end', () => {
  const { clock, player } = setup(30, 10);
  player.play();
  clock.frame(0);
  assert.equal(player.position, 1, 'the first step shows at once');
  clock.frame(1000);
  assert.equal(player.position, 11, '10 steps per second');
  player.setSpeed(1000);
  clock.frame(1000);
  assert.equal(player.position, 30);
  assert.equal(player.playing, false, 'stops at the end');
  assert.equal(clock.pending, 0, 'no frame left scheduled');
});

test('pause stops the clock; play at the end starts over', () => {
  const { clock, player } = setup(30, 10);
  player.play();
  clock.frame(500);
  player.pause();
  const at = player.position;
  clock.frame(5000);
  assert.equal(player.position, at);
  player.toEnd();
  player.play();
  assert.equal(player.position, 0);
  assert.equal(player.playing, true);
});

test('one frame never applies more than the per-frame cap', () => {
  const { clock, player } = setup(5000, 1000);
  player.play();
  clock.frame(60_000);
  assert.equal(player.position, MAX_STEPS_PER_FRAME);
});

test('stepping and seeking pause and report the direction', () => {
  const { events, player } = setup(50);
  player.play();
  player.stepForward();
  assert.equal(player.playing, false);
  player.stepForward();
  player.stepBack();
  player.seek(40);
  player.toStart();
  const moves = events.filter((e) => e.direction !== 'none').map((e) => [e.direction, e.position]);
  assert.deepEqual(moves, [['forward', 1], ['forward', 2], ['backward', 1], ['jump-forward', 40], ['jump-backward', 0]]);
});
