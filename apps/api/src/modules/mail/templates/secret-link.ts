/** Link tokens are base64url (modules/links/link-tokens.ts): they go into a URL as they are. */
const TOKEN = /^[A-Za-z0-9_-]+$/;

/**
 * A link whose last part is a one-time token: sign-in, reset, create-password, account and
 * allocation links. Templates take it instead of a plain string, so the mail service knows from
 * the template data, not by reading text, which part of a message must never be kept at rest
 * (the token is sealed in mail_queue.link_secrets and put back only at send time; issue 11).
 */
export class SecretLink {
  constructor(
    /**
     * The site path before the token, e.g. `/login-by-link/`, or a page and the start of its
     * fragment (`/allocation-request#t=`): a token in the fragment never reaches a server's log.
     */
    readonly path: string,
    readonly token: string,
  ) {
    if (!path.startsWith('/') || !(path.endsWith('/') || /#[a-z]+=$/.test(path))) {
      throw new Error('A secret link path must start with "/" and end with "/" or a fragment\'s "#name=".');
    }
    if (!TOKEN.test(token)) throw new Error('A link token must be base64url text.');
  }

  // However a template or a log call prints it, the token stays out of the text.
  toString(): string {
    return `${this.path}[token]`;
  }

  toJSON(): string {
    return this.toString();
  }
}

export const secretLink = (path: string, token: string) => new SecretLink(path, token);
