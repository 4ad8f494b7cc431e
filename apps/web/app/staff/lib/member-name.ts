/** How the console's lists name a member: their first and last name, or their e-mail when they gave none. */
export const memberName = ({ firstName, lastName, email }: { firstName: string; lastName: string; email: string }): string => `${firstName} ${lastName}`.trim() || email;
