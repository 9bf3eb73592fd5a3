// The player's keys and when captions are read aloud (playback/controls.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keyAction, captionLive } from '../../playback/controls.js';

const body = { tagName: 'BODY' };

test('the keys of the player', () => {
  assert.equal(keyAction(' ', body), 'play');
  assert.equal(keyAction('ArrowRight', body), 'stepForward');
  assert.equal(keyAction('ArrowLeft', body), 'stepBack');
  assert.equal(keyAction('Home', body), 'toStart');
  assert.equal(keyAction('End', body), 'toEnd');
  assert.equal(keyAction('a', body), null);
});

test('typing in the text area or a select is left alone', () => {
  assert.equal(keyAction(' ', { tagName: 'TEXTAREA' }), null);
  assert.equal(keyAction('ArrowLeft', { tagName: 'INPUT', type: 'range' }), null);
  assert.equal(keyAction('End', { tagName: 'SELECT' }), null);
  assert.equal(keyAction('ArrowRight', { tagName: 'INPUT', type: 'checkbox' }), 'stepForward');
});

test('a focused button keeps Space and Enter for itself', () => {
  assert.equal(keyAction(' ', { tagName: 'BUTTON' }), null);
  assert.equal(keyAction('Enter', { tagName: 'BUTTON' }), null);
  assert.equal(keyAction('ArrowRight', { tagName: 'BUTTON' }), 'stepForward');
});

test('captions are read aloud unless playing faster than 2 steps per second', () => {
  assert.equal(captionLive(false, 1000), 'polite');
  assert.equal(captionLive(true, 1), 'polite');
  assert.equal(captionLive(true, 2), 'polite');
  assert.equal(captionLive(true, 4), 'off');
  assert.equal(captionLive(true, 1000), 'off');
});
