// The events <othello-board> fires, in one list: the element, the iframe page (which posts each
// one to the page around it) and the demo's log all take the names from here, and a test checks
// docs/embedding.md's table of events against it. Each is a CustomEvent that bubbles out of the
// shadow root; docs/embedding.md says what each one's detail holds.

/** @typedef {'ready' | 'move' | 'pass' | 'gameover' | 'error'} BoardEventName */

/** @type {readonly BoardEventName[]} */
export const BOARD_EVENTS = Object.freeze(['ready', 'move', 'pass', 'gameover', 'error']);
