// Excerpts of outside text in the game page's messages (shared with the embeddable board,
// www/common/excerpt.js). Counted nouns are the catalogues' plural forms (www/i18n/).

export { EXCERPT_CHARS, MESSAGE_CHARS, excerpt, bounded } from '../common/excerpt.js';
