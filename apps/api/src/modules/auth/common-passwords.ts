import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface CommonPasswordList {
  test(password: string): boolean;
}

let list: CommonPasswordList | undefined;

/**
 * Whether a password is on Mozilla's list of common passwords (the ones tried first by anyone
 * guessing). Checked as typed and lowercased, so "Password1" counts as "password1". The list is
 * CommonJS and takes a moment to decode, so it loads on first use.
 */
export function isCommonPassword(password: string): boolean {
  list ??= require('fxa-common-password-list') as CommonPasswordList;
  return list.test(password) || list.test(password.toLowerCase());
}
