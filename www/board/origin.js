// Whether <othello-board>'s files come from another site than the page's, and the iframe page
// such a site should use instead.

/** The iframe page beside www/ (dist/embed.html): what a page of another site should use. */
export const EMBED_URL = new URL('../../embed.html', import.meta.url);

/**
 * The origin of the element's files when it is not the page's own. Browsers start a worker only
 * from the page's origin (`new Worker` throws a SecurityError otherwise), and the AI and the hints
 * run in one: a board whose files come from another site cannot play, so it says so instead.
 * (A module from another site loads only if that site allows it with CORS; when it does not,
 * the browser runs none of this and the element stays an empty box.)
 */
export const FOREIGN_ORIGIN = self.origin === new URL(import.meta.url).origin ? null : new URL(import.meta.url).origin;
