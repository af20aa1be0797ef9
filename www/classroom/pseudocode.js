// The algorithm beside the tree: its pseudocode in the course's own notation, the line each step
// of the replay executes highlighted (and, lighter, the line of the caller the step comes from or
// returns to). Seed 003's MINIMAX-DECISION / ALPHA-BETA-SEARCH with MAX-VALUE and MIN-VALUE (the
// `if … then return` and the `end` lines written on one line each), seed 002's negamax, seed 000's
// MINIMAX-A-B with its numbered steps (Rich and Knight's English names, the course's Portuguese
// ones), and, written in the same forms, max^n, alpha-beta with ordering and PVS, with the lines
// iterative deepening and the transposition table add.

import { t, language } from './language.js';
import { formatBounded, boundsText } from './format.js';

/** @typedef {import('./lessons.js').LessonView} LessonView */
/** A line: its id (what the replay's steps point at), its indent, its text, a comment. @typedef {{id: string, indent: number, text: string, note?: string}} Line */
/** What a step highlights: the line it executes, and the caller's line it comes from or returns to. @typedef {{line: string, caller: string | null}} Highlight */

/** The words of the listings, by language (pt-PT takes pt-BR's and changes a few).
 * @type {Record<string, Record<string, string>>} */
const WORDS = {
  en: {
    function: 'function', returns: 'returns', action: 'an action', utility: 'a utility value', vector: 'a vector of utilities',
    state: 'state', successors: 'SUCCESSORS', terminal: 'TERMINAL-TEST', utilityFn: 'UTILITY', if: 'if', then: 'then', return: 'return',
    for: 'for', in: 'in', do: 'do', actionWith: 'return the action in SUCCESSORS(state) with value v',
    cut: 'cut-off (pruning)', alphaNote: 'α: best alternative for MAX, β: best alternative for MIN', bestFirst: 'best first, by the static estimate',
    tie: 'a tie keeps the first', player: 'PLAYER', none: 'none', or: 'or',
    iterative: 'for depth ← 1 to D: v ← the search to depth', iterativeNote: 'iterative deepening',
    table: 'if the TABLE holds state at this depth and its number settles the window then return it', tableNote: 'transposition table',
  },
  'pt-BR': {
    function: 'função', returns: 'retorna', action: 'uma ação', utility: 'um valor de utilidade', vector: 'um vetor de utilidades',
    state: 'estado', successors: 'SUCCESSORS', terminal: 'TERMINAL-TEST', utilityFn: 'UTILITY', if: 'se', then: 'então', return: 'retorne',
    for: 'para cada', in: 'em', do: 'faça', actionWith: 'retorne a ação em SUCCESSORS(estado) com valor v',
    cut: 'momento da poda', alphaNote: 'α: melhor alternativa para MAX, β: melhor alternativa para MIN', bestFirst: 'o melhor primeiro, pela estimativa estática',
    tie: 'em um empate fica o primeiro', player: 'JOGADOR', none: 'nenhum', or: 'ou',
    iterative: 'para profundidade ← 1 até D: v ← a busca até essa profundidade', iterativeNote: 'aprofundamento iterativo',
    table: 'se a TABELA tem estado nesta profundidade e o seu número resolve a janela então retorne-o', tableNote: 'tabela de transposição',
  },
};
WORDS['pt-PT'] = {
  ...WORDS['pt-BR'],
  // "função … devolve", "então devolva": the verb of MINIMAX-A-B's and negamax's listings, in
  // the mood pt-BR's "retorna" / "retorne" have.
  returns: 'devolve', return: 'devolva', actionWith: 'devolva a ação em SUCCESSORS(estado) com valor v',
  tie: 'num empate fica o primeiro',
  iterative: 'para profundidade ← 1 até D: v ← a pesquisa até essa profundidade',
  table: 'se a TABELA tem estado nesta profundidade e o seu número resolve a janela então devolva-o',
};

/** Seed 000's MINIMAX-A-B, step by step: Rich and Knight's English, the course's Portuguese.
 * @type {Record<string, Record<string, string>>} */
const MINIMAX_A_B = {
  en: {
    head: 'MINIMAX-A-B(Position, Depth, Player, Use-Thresh, Pass-Thresh)',
    1: '1. If DEEP-ENOUGH(Position, Depth), return VALUE = STATIC(Position, Player), PATH = nil',
    2: '2. Otherwise, SUCCESSORS ← MOVEGEN(Position, Player)',
    3: '3. If SUCCESSORS is empty, return as in step 1',
    4: '4. For each element SUCC of SUCCESSORS:',
    '4a': '(a) RESULT-SUCC ← MINIMAX-A-B(SUCC, Depth + 1, OPPOSITE(Player), −Pass-Thresh, −Use-Thresh)',
    '4b': '(b) NEW-VALUE ← −VALUE(RESULT-SUCC)',
    '4c': '(c) If NEW-VALUE > Pass-Thresh:',
    '4c1': 'i. Pass-Thresh ← NEW-VALUE',
    '4c2': 'ii. BEST-PATH ← SUCC followed by PATH(RESULT-SUCC)',
    '4d': '(d) If Pass-Thresh ≥ Use-Thresh, return VALUE = Pass-Thresh, PATH = BEST-PATH',
    5: '5. Return VALUE = Pass-Thresh, PATH = BEST-PATH',
  },
  'pt-BR': {
    head: 'MINIMAX-A-B(Posição, Profundidade, Jogador, Usar-Limite, Passar-Limite)',
    1: '1. Se PROFUNDO-O-SUFICIENTE(Posição, Profundidade), retorne VALOR = ESTÁTICA(Posição, Jogador), CAMINHO = nil',
    2: '2. Caso contrário, SUCESSORES ← GERMOV(Posição, Jogador)',
    3: '3. Se SUCESSORES estiver vazio, retorne como em 1',
    4: '4. Para cada elemento SUC de SUCESSORES:',
    '4a': '(a) RESULTADO-SUC ← MINIMAX-A-B(SUC, Profundidade + 1, OPOSTO(Jogador), −Passar-Limite, −Usar-Limite)',
    '4b': '(b) NOVO-VALOR ← −VALOR(RESULTADO-SUC)',
    '4c': '(c) Se NOVO-VALOR > Passar-Limite:',
    '4c1': 'I. Passar-Limite ← NOVO-VALOR',
    '4c2': 'II. MELHOR-CAMINHO ← SUC seguido de CAMINHO(RESULTADO-SUC)',
    '4d': '(d) Se Passar-Limite ≥ Usar-Limite, retorne VALOR = Passar-Limite, CAMINHO = MELHOR-CAMINHO',
    5: '5. Retorne VALOR = Passar-Limite, CAMINHO = MELHOR-CAMINHO',
  },
};
MINIMAX_A_B['pt-PT'] = Object.fromEntries(
  Object.entries(MINIMAX_A_B['pt-BR']).map(([k, v]) => [k, v.replace(/\bretorne\b/g, 'devolva').replace(/\bRetorne\b/g, 'Devolva')]),
);

/** PVS in MINIMAX-A-B's form (the notes stop at MINIMAX-A-B; the same names, the same steps).
 * @type {Record<string, Record<string, string>>} */
const PVS = {
  en: {
    head: 'PVS(Position, Depth, Player, Use-Thresh, Pass-Thresh)',
    1: '1. If DEEP-ENOUGH(Position, Depth), return VALUE = STATIC(Position, Player)',
    2: '2. Otherwise, SUCCESSORS ← MOVEGEN(Position, Player), best first by their static estimate',
    3: '3. The first SUCC: NEW-VALUE ← −PVS(SUCC, …, −Pass-Thresh, −Use-Thresh)',
    4: '4. Each other SUCC:',
    '4a': '(a) NEW-VALUE ← −PVS(SUCC, …, −Pass-Thresh, −(Pass-Thresh + 1))   null window: better than Pass-Thresh?',
    '4b': '(b) If it is better and below Use-Thresh: NEW-VALUE ← −PVS(SUCC, …, −Pass-Thresh, −Use-Thresh)   re-search',
    '4c': '(c) If NEW-VALUE > Pass-Thresh: Pass-Thresh ← NEW-VALUE, BEST-PATH ← SUCC followed by its path',
    '4d': '(d) If Pass-Thresh ≥ Use-Thresh, return VALUE = Pass-Thresh',
    5: '5. Return VALUE = Pass-Thresh, PATH = BEST-PATH',
  },
  'pt-BR': {
    head: 'PVS(Posição, Profundidade, Jogador, Usar-Limite, Passar-Limite)',
    1: '1. Se PROFUNDO-O-SUFICIENTE(Posição, Profundidade), retorne VALOR = ESTÁTICA(Posição, Jogador)',
    2: '2. Caso contrário, SUCESSORES ← GERMOV(Posição, Jogador), o melhor primeiro pela estimativa estática',
    3: '3. O primeiro SUC: NOVO-VALOR ← −PVS(SUC, …, −Passar-Limite, −Usar-Limite)',
    4: '4. Cada outro SUC:',
    '4a': '(a) NOVO-VALOR ← −PVS(SUC, …, −Passar-Limite, −(Passar-Limite + 1))   janela nula: melhor que Passar-Limite?',
    '4b': '(b) Se for melhor e abaixo de Usar-Limite: NOVO-VALOR ← −PVS(SUC, …, −Passar-Limite, −Usar-Limite)   nova busca',
    '4c': '(c) Se NOVO-VALOR > Passar-Limite: Passar-Limite ← NOVO-VALOR, MELHOR-CAMINHO ← SUC seguido do seu caminho',
    '4d': '(d) Se Passar-Limite ≥ Usar-Limite, retorne VALOR = Passar-Limite',
    5: '5. Retorne VALOR = Passar-Limite, CAMINHO = MELHOR-CAMINHO',
  },
};
PVS['pt-PT'] = Object.fromEntries(
  Object.entries(PVS['pt-BR']).map(([k, v]) => [k, v.replace(/\bretorne\b/g, 'devolva').replace(/\bRetorne\b/g, 'Devolva').replace('nova busca', 'nova pesquisa')]),
);

/** Seed 002's negamax (the notes in Portuguese; its English here): id, indent, text, comment.
 * @type {Record<string, [string, number, string, string?][]>} */
const NEGAMAX = {
  en: [
    ['head', 0, 'ROUTINE negamax(node, depth)'],
    ['terminal', 1, 'IF node is a terminal node OR depth = 0 THEN RETURN the heuristic value of the node'],
    ['init', 1, 'ELSE α ← −∞', '{ the evaluation is the same for both players }'],
    ['for', 2, 'FOR EACH child OF node'],
    ['loop', 3, 'α ← max(α, −negamax(child, depth − 1))'],
    ['return', 2, 'RETURN α'],
  ],
  'pt-BR': [
    ['head', 0, 'ROTINA negamax(nó, profundidade)'],
    ['terminal', 1, 'SE nó é um nó terminal OU profundidade = 0 ENTÃO RETORNE o valor da heurística do nó'],
    ['init', 1, 'SENÃO α ← −∞', '{ a avaliação é idêntica para ambos os jogadores }'],
    ['for', 2, 'PARA CADA filho DE nó'],
    ['loop', 3, 'α ← max(α, −negamax(filho, profundidade − 1))'],
    ['return', 2, 'RETORNE α'],
  ],
};
NEGAMAX['pt-PT'] = NEGAMAX['pt-BR'].map(([id, indent, text, note]) => [id, indent, text.replace('RETORNE', 'DEVOLVA'), note]);

/** The lines of a listing, for the algorithm and the options of `view`, in the page's language
 * (or `lang`).
 * @param {LessonView} view
 * @param {string} [lang]
 * @returns {Line[]} */
export function listing(view, lang = language()) {
  const w = WORDS[lang];
  /** @type {Line[]} */
  const lines = [];
  const add = (/** @type {string} */ id, /** @type {number} */ indent, /** @type {string} */ text, /** @type {string} */ note = '') => {
    lines.push(note ? { id, indent, text, note } : { id, indent, text });
  };
  const options = view.result;
  if (options.iterative) add('iterative', 0, w.iterative, w.iterativeNote);
  const table = () => {
    if (options.table) add('table', 1, w.table, w.tableNote);
  };
  switch (view.algorithm) {
    case 'alphabeta-negamax':
    case 'pvs': {
      const text = (view.algorithm === 'pvs' ? PVS : MINIMAX_A_B)[lang];
      add('head', 0, text.head);
      add('1', 1, text[1]);
      table();
      add('2', 1, text[2]);
      if (view.algorithm === 'pvs') {
        add('3', 1, text[3]);
        add('4', 1, text[4]);
        for (const id of ['4a', '4b', '4c', '4d']) add(id, 2, text[id]);
      } else {
        add('3', 1, text[3]);
        add('4', 1, text[4]);
        add('4a', 2, text['4a']);
        add('4b', 2, text['4b']);
        add('4c', 2, text['4c']);
        add('4c1', 3, text['4c1']);
        add('4c2', 3, text['4c2']);
        add('4d', 2, text['4d']);
      }
      add('5', 1, text[5]);
      break;
    }
    case 'negamax':
      for (const [id, indent, text, note] of NEGAMAX[lang]) {
        add(id, indent, text, note);
        if (id === 'terminal') table();
      }
      break;
    case 'maxn': {
      add('head', 0, `${w.function} MAXN-VALUE(${w.state}) ${w.returns} ${w.vector}`);
      add('terminal', 1, `${w.if} ${w.terminal}(${w.state}) ${w.then} ${w.return} ${w.utilityFn}(${w.state})`);
      add('init', 1, `p ← ${w.player}(${w.state}); v ← ${w.none}`);
      add('for', 1, `${w.for} s ${w.in} ${w.successors}(${w.state}) ${w.do}`);
      add('loop', 2, `${w.if} v = ${w.none} ${w.or} MAXN-VALUE(s)[p] > v[p] ${w.then} v ← MAXN-VALUE(s)`, w.tie);
      add('return', 1, `${w.return} v`);
      break;
    }
    default: {
      // Seed 003's MINIMAX-DECISION / ALPHA-BETA-SEARCH with MAX-VALUE and MIN-VALUE.
      const pruning = view.algorithm !== 'minimax';
      const rootMax = view.node(0).player !== 'MIN';
      const rootFn = rootMax ? 'MAX-VALUE' : 'MIN-VALUE';
      const window = pruning ? ', −∞, +∞' : '';
      add('decision', 0, `${w.function} ${pruning ? 'ALPHA-BETA-SEARCH' : 'MINIMAX-DECISION'}(${w.state}) ${w.returns} ${w.action}`);
      add('call', 1, `v ← ${rootFn}(${w.state}${window})`);
      add('action', 1, w.actionWith);
      for (const side of ['max', 'min']) {
        const me = side === 'max' ? 'MAX-VALUE' : 'MIN-VALUE';
        const other = side === 'max' ? 'MIN-VALUE' : 'MAX-VALUE';
        const args = pruning ? `(${w.state}, α, β)` : `(${w.state})`;
        add(`${side}.head`, 0, `${w.function} ${me}${args} ${w.returns} ${w.utility}`, pruning && side === 'max' ? w.alphaNote : '');
        add(`${side}.terminal`, 1, `${w.if} ${w.terminal}(${w.state}) ${w.then} ${w.return} ${w.utilityFn}(${w.state})`);
        if (options.table) add(`${side}.table`, 1, w.table, w.tableNote);
        add(`${side}.init`, 1, `v ← ${side === 'max' ? '−∞' : '+∞'}`);
        add(`${side}.for`, 1, `${w.for} s ${w.in} ${w.successors}(${w.state}) ${w.do}`, view.algorithm === 'alphabeta-ordered' ? w.bestFirst : '');
        add(`${side}.loop`, 2, `v ← ${side === 'max' ? 'MAX' : 'MIN'}(v, ${other}(s${pruning ? ', α, β' : ''}))`);
        if (pruning) {
          add(`${side}.cut`, 2, `${w.if} ${side === 'max' ? 'v ≥ β' : 'v ≤ α'} ${w.then} ${w.return} v`, w.cut);
          add(`${side}.bound`, 2, side === 'max' ? 'α ← MAX(α, v)' : 'β ← MIN(β, v)');
        }
        add(`${side}.return`, 1, `${w.return} v`);
      }
    }
  }
  return lines;
}

/** Whether a node is evaluated statically because the search's depth ends there (step 1 of
 * MINIMAX-A-B), rather than because it has no successors (step 3): trees end at their leaves.
 * @param {LessonView} view
 * @param {number} id */
function cutOffByDepth(view, id) {
  if (!view.isGame) return true;
  const node = view.node(id);
  const limit = node.iteration || view.source.depth || 0;
  return limit > 0 && node.depth >= limit;
}

/**
 * The line the step that leads to `step` executes, and its caller's line.
 * @param {LessonView} view
 * @param {number} step
 * @returns {Highlight | null}
 */
export function highlightAt(view, step) {
  if (step === 0) return null;
  const event = view.event(step - 1);
  const node = view.node(event.node);
  const isLeaf = node.leaf || node.children.length === 0;
  const parent = node.parent >= 0 ? view.node(node.parent) : null;
  const isRoot = node.parent < 0;
  const cut = (id = event.node) => view.cutoffs.some((i) => i < step && view.event(i).node === id);
  switch (view.algorithm) {
    case 'alphabeta-negamax':
    case 'pvs': {
      const pvs = view.algorithm === 'pvs';
      const leafLine = cutOffByDepth(view, event.node) ? '1' : pvs ? '1' : '3';
      /** The parent's line that called this node. */
      const callerOf = () => {
        if (!parent) return null;
        if (!pvs) return '4a';
        if (event.kind === 'enter' && event.search === 'null') return '4a';
        if (event.kind === 'enter' && event.search === 'research') return '4b';
        return view.childrenOf(node.parent)[0] === event.node ? '3' : '4a';
      };
      switch (event.kind) {
        case 'iteration':
          return { line: 'iterative', caller: null };
        case 'enter':
          return { line: isLeaf ? leafLine : '2', caller: callerOf() };
        case 'order':
          return { line: '2', caller: null };
        case 'table':
          return { line: 'table', caller: callerOf() };
        case 'leaf':
          return { line: leafLine, caller: callerOf() };
        case 'update':
          return { line: pvs ? '4c' : '4c1', caller: null };
        case 'scout':
          return { line: event.outcome === 'research' ? '4b' : '4a', caller: null };
        case 'cutoff':
          return { line: '4d', caller: null };
        case 'return':
          if (isLeaf) return { line: leafLine, caller: parent ? (pvs ? '4c' : '4b') : null };
          return { line: cut() ? '4d' : '5', caller: parent ? (pvs ? '4c' : '4b') : null };
        default:
          return null;
      }
    }
    case 'negamax':
    case 'maxn':
      switch (event.kind) {
        case 'iteration':
          return { line: 'iterative', caller: null };
        case 'enter':
          return { line: isLeaf ? 'terminal' : 'init', caller: parent ? 'loop' : null };
        case 'order':
          return { line: 'for', caller: null };
        case 'table':
          return { line: 'table', caller: parent ? 'loop' : null };
        case 'leaf':
          return { line: 'terminal', caller: parent ? 'loop' : null };
        case 'update':
          return { line: 'loop', caller: null };
        case 'return':
          return { line: isLeaf ? 'terminal' : 'return', caller: parent ? 'loop' : null };
        default:
          return null;
      }
    default: {
      const side = node.player === 'MIN' ? 'min' : 'max';
      const parentSide = parent ? (parent.player === 'MIN' ? 'min' : 'max') : null;
      const callerLine = isRoot ? 'call' : `${parentSide}.loop`;
      switch (event.kind) {
        case 'iteration':
          return { line: 'iterative', caller: null };
        case 'enter':
          return { line: isLeaf ? `${side}.terminal` : `${side}.init`, caller: callerLine };
        case 'order':
          return { line: `${side}.for`, caller: null };
        case 'table':
          return { line: `${side}.table`, caller: callerLine };
        case 'leaf':
          return { line: `${side}.terminal`, caller: callerLine };
        case 'update':
          return { line: `${side}.loop`, caller: null };
        case 'cutoff':
          return { line: `${side}.cut`, caller: null };
        case 'return':
          if (isRoot) return { line: 'action', caller: null };
          if (isLeaf) return { line: `${side}.terminal`, caller: callerLine };
          return { line: cut() ? `${side}.cut` : `${side}.return`, caller: callerLine };
        default:
          return null;
      }
    }
  }
}

/**
 * Draws the listing in `list` (an ordered list), the step's line highlighted, and the variables of
 * the node the step is about in `variables` (v with α and β, or the two limits).
 * @param {HTMLElement} panel the panel (its title is set)
 * @param {LessonView} view
 * @param {number} step
 */
export function renderPseudocode(panel, view, step) {
  const list = /** @type {HTMLElement} */ (panel.querySelector('.pseudocode-lines'));
  const key = `${language()}|${view.algorithm}|${view.result.iterative}|${view.result.table}|${view.node(0).player}`;
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    list.replaceChildren(
      ...listing(view).map((line) => {
        const item = document.createElement('li');
        item.dataset.line = line.id;
        item.style.setProperty('--indent', String(line.indent));
        const code = document.createElement('code');
        code.textContent = line.text;
        item.append(code);
        if (line.note) {
          const note = document.createElement('span');
          note.className = 'pseudocode-note';
          note.textContent = ` // ${line.note}`;
          item.append(note);
        }
        return item;
      }),
    );
    /** @type {HTMLElement} */ (panel.querySelector('.pseudocode-source')).textContent = t(`pseudocode.source.${view.algorithm}`);
  }
  const highlight = highlightAt(view, step);
  for (const item of /** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll('li'))) {
    const current = highlight?.line === item.dataset.line;
    item.classList.toggle('current', current);
    item.classList.toggle('caller', !current && highlight?.caller === item.dataset.line);
    if (current) item.setAttribute('aria-current', 'step');
    else item.removeAttribute('aria-current');
  }
  const currentItem = /** @type {HTMLElement | null} */ (list.querySelector('li.current'));
  if (currentItem) {
    // In view inside the panel, without scrolling the page.
    const top = currentItem.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    if (top < list.scrollTop || top + currentItem.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = Math.max(0, top - list.clientHeight / 3);
  }
  /** @type {HTMLElement} */ (panel.querySelector('.pseudocode-variables')).textContent = step === 0 ? '' : variablesText(view, step);
}

/** "at y (MAX): v = 25, α = −∞, β = 18", in the algorithm's names.
 * @param {LessonView} view
 * @param {number} step */
function variablesText(view, step) {
  const event = view.event(step - 1);
  const id = event.node;
  const state = view.stateOf(id);
  const node = view.node(id);
  const name = view.nameOf(id, t('tree.root'));
  const parts = [];
  if (state?.value !== undefined && state.value !== null) {
    const v = formatBounded(state.value, state.status === 'open' ? null : state.bound);
    parts.push(view.boundsKind === 'limits' ? '' : `${view.algorithm === 'negamax' ? 'α' : 'v'} = ${v}`);
  }
  const bounds = state ? boundsText(view.boundsKind, state) : null;
  if (bounds && 'alpha' in bounds) parts.push(`α = ${bounds.alpha}`, `β = ${bounds.beta}`);
  if (bounds && 'use' in bounds) parts.push(`${t('bounds.use')} = ${bounds.use}`, `${t('bounds.pass')} = ${bounds.pass}`);
  const shown = parts.filter(Boolean);
  if (!shown.length) return '';
  const player = node.player === 'MAX' || node.player === 'MIN' ? node.player : t('player.short', { n: node.player });
  return t('pseudocode.variables', { node: name, player, values: shown.join(', ') });
}

