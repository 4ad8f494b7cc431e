/**
 * For tests that queue mail by hand (the development outbox's): a secret link as templates take
 * it. Through testing/, so infrastructure tests (plugins/) need no import from a module.
 */
export { secretLink } from '../modules/mail/templates/secret-link.js';
