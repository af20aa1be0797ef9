// The look of <othello-board>: its shadow root's markup, and one constructed style sheet shared
// by every board (a CSP without 'unsafe-inline' in style-src blocks <style> elements, not
// constructed sheets). Every colour, size and radius can be set by the host page through the
// --othello-* custom properties.

export const sheet = new CSSStyleSheet();
sheet.replaceSync(`
:host { display: block; position: relative; max-width: 100%; }
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.layout { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: stretch; }
.main { flex: 1 1 12rem; min-width: 0; max-width: var(--othello-size, 100%); container-type: inline-size; }
.board {
  position: relative;
  width: 100%;
  aspect-ratio: 1;
  touch-action: manipulation;
  user-select: none;
  -webkit-user-select: none;
  -webkit-tap-highlight-color: transparent;
}
/* The renderer reads its colours here; an unset --othello-* leaves the renderer's default. */
canvas {
  display: block;
  width: 100%;
  height: 100%;
  border-radius: var(--othello-radius, 6px);
  --board-frame: var(--othello-frame);
  --board-felt: var(--othello-felt);
  --board-line: var(--othello-line);
  --board-coord: var(--othello-coordinates);
  --disc-black: var(--othello-black);
  --disc-white: var(--othello-white);
  --legal-marker: var(--othello-marker);
  --last-move: var(--othello-last-move);
  --hint-text: var(--othello-hint);
  --hint-best: var(--othello-hint-best);
}
.board-grid {
  position: absolute;
  inset: var(--gutter, 5.5%);
  display: grid;
  grid-template-columns: repeat(8, 1fr);
  grid-template-rows: repeat(8, 1fr);
}
.board-row { display: contents; }
.board-cell { outline: none; cursor: default; }
.board-cell.legal { cursor: pointer; }
.board-cell:focus-visible { box-shadow: inset 0 0 0 3px var(--othello-focus, #ffb300); border-radius: 2px; }
.bar { display: flex; align-items: center; gap: 0.6rem; margin-top: 0.4rem; min-height: 1.6rem; }
.score { display: inline-flex; align-items: center; gap: 0.25rem; font-weight: 700; font-variant-numeric: tabular-nums; }
.score.to-move .disc { box-shadow: 0 0 0 2px var(--othello-accent, #2f7d4f); }
.disc { display: inline-block; width: 1em; height: 1em; border-radius: 50%; border: 1px solid #777; }
.disc-black { background: var(--othello-black, radial-gradient(circle at 35% 30%, #5a5a5a, #0b0b0b)); }
.disc-white { background: var(--othello-white, radial-gradient(circle at 35% 30%, #ffffff, #cfcfcf)); }
.status { margin: 0; flex: 1 1 auto; min-width: 0; overflow-wrap: anywhere; }
/* A small board keeps its status to two lines beside the scores. */
@container (max-width: 17rem) { .bar { font-size: 0.8em; line-height: 1.2; gap: 0.4rem; } }
/* A very small one puts it under them rather than in a narrow column. */
@container (max-width: 12rem) { .bar { flex-wrap: wrap; } .status { flex-basis: 100%; } }
/* Problems and notices, each until dismissed (a close button), never laid out whole. */
.messages { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.3rem; }
.messages[hidden] { display: none; }
.message {
  display: flex;
  align-items: flex-start;
  gap: 0.4rem;
  margin: 0.4rem 0 0;
  padding: 0.3rem 0.5rem;
  border-radius: 6px;
  overflow-wrap: anywhere;
}
.message + .message { margin-top: 0; }
.error { background: var(--othello-error-bg, #fde8e8); color: var(--othello-error-fg, #8a1c1c); }
.notice { background: var(--othello-notice-bg, #fff6d6); color: var(--othello-notice-fg, #3b2f00); }
.message-text { flex: 1 1 auto; min-width: 0; align-self: center; }
.message-action[hidden] { display: none; }
.dismiss {
  flex: none;
  width: 2rem;
  height: 2rem;
  margin: -0.25rem -0.35rem -0.25rem 0;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  font: inherit;
  font-size: 1.2em;
  line-height: 1;
  cursor: pointer;
}
.dismiss::before { content: "×"; }
.dismiss:hover { background: rgba(127, 127, 127, 0.18); }
.dismiss:focus-visible { outline: 3px solid var(--othello-focus, #ffb300); }
/* A board that cannot play here (its files come from another site): why, and the iframe. */
.unavailable {
  padding: 0.8rem 1rem;
  border: 2px solid var(--othello-error-fg, #8a1c1c);
  border-radius: var(--othello-radius, 6px);
  background: var(--othello-error-bg, #fde8e8);
  color: var(--othello-error-fg, #8a1c1c);
  line-height: 1.4;
  overflow-wrap: anywhere;
}
.unavailable[hidden] { display: none; }
.unavailable p { margin: 0 0 0.4rem; }
.unavailable p:last-child { margin-bottom: 0; }
.unavailable strong { font-size: 1.1em; }
.unavailable a { color: inherit; font-weight: 700; }
.layout[hidden] { display: none; }
.side {
  position: relative;
  flex: 0 1 9rem;
  min-width: 7rem;
  min-height: 8rem;
  contain: size;
  overflow-y: auto;
  border: 1px solid var(--othello-border, rgba(127, 127, 127, 0.4));
  border-radius: 6px;
  padding: 0.3rem;
}
.side[hidden] { display: none; }
.side-title { margin: 0 0 0.2rem; font-size: 0.9em; }
.move-list {
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(3.6rem, 1fr));
  gap: 0.1rem;
  counter-reset: move;
}
.move-list li { counter-increment: move; }
.move-list button {
  width: 100%;
  padding: 0.1rem 0.25rem;
  font: inherit;
  font-variant-numeric: tabular-nums;
  color: inherit;
  text-align: left;
  border: 1px solid transparent;
  border-radius: 4px;
  background: transparent;
  cursor: pointer;
}
.move-list button::before { content: counter(move) ". "; opacity: 0.65; font-size: 0.8em; }
.move-list button[aria-current] { background: var(--othello-accent, #2f7d4f); color: var(--othello-accent-fg, #fff); }
.move-list button.future { opacity: 0.5; }
.move-list button:focus-visible { outline: 3px solid var(--othello-focus, #ffb300); }
.transcript { margin: 0.3rem 0 0; font-size: 0.8em; overflow-wrap: anywhere; }
.visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
}
`);

export const template = document.createElement('template');
template.innerHTML = `
<div class="unavailable" part="unavailable" data-testid="unavailable" role="alert" hidden>
  <p><strong class="unavailable-title"></strong></p>
  <p class="unavailable-why"></p>
  <p><span class="unavailable-iframe"></span><a class="unavailable-link" target="_blank" rel="noopener"></a><span class="unavailable-end"></span></p>
</div>
<div class="layout">
  <div class="main">
    <div class="board" part="board">
      <canvas aria-hidden="true"></canvas>
      <div class="board-grid"></div>
    </div>
    <div class="bar">
      <span class="score" data-color="black"><span class="disc disc-black" aria-hidden="true"></span><span class="visually-hidden score-name"></span><span data-testid="score-black">2</span></span>
      <span class="score" data-color="white"><span class="disc disc-white" aria-hidden="true"></span><span class="visually-hidden score-name"></span><span data-testid="score-white">2</span></span>
      <p class="status" part="status" data-testid="status" role="status" aria-live="polite"></p>
    </div>
    <ul class="messages" part="messages" aria-live="polite" hidden></ul>
  </div>
  <section class="side" part="moves" hidden>
    <h2 class="side-title"></h2>
    <ol class="move-list" data-testid="move-list"></ol>
    <p class="transcript"><code data-testid="moves"></code></p>
  </section>
</div>`;
