// Work done at most once per animation frame: what arrives faster than the screen shows it (the
// AI's progress, say) is drawn once, from the latest state, just before the next frame.

/**
 * `draw`, called at most once per animation frame: `update()` asks for it (any number of times
 * before the frame), `cancel()` drops a request not yet served.
 * @param {() => void} draw
 */
export function onceAFrame(draw) {
  /** @type {number | null} */
  let pending = null;
  return {
    update() {
      pending ??= requestAnimationFrame(() => {
        pending = null;
        draw();
      });
    },
    cancel() {
      if (pending !== null) cancelAnimationFrame(pending);
      pending = null;
    },
  };
}
