import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('login', 'routes/login.tsx'),
  route('logout', 'routes/logout.tsx'),
  // Joining and passwords: prerendered (content/public-pages.json); the forms work once hydrated.
  // A prospect's request to join: Join Allocation, then where the sent request lands.
  route('allocation', 'routes/join-request.tsx'),
  route('allocation-request', 'routes/join-request-sent.tsx'),
  route('founders-list', 'routes/founders-list.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('forgot-password-success', 'routes/forgot-password-success.tsx'),
  // Bottle verification: prerendered (content/public-pages.json); the form works once hydrated.
  route('bottle-verification', 'routes/bottle-verification.tsx'),
  // E-mailed links, rendered in the browser (the API serves the SPA fallback under these paths).
  route('reset-password/:token', 'routes/reset-password.tsx'),
  route('create-password/:token', 'routes/create-password.tsx'),
  route('magic-link/:requestId', 'routes/magic-link.tsx'),
  route('login-by-link/:token', 'routes/login-by-link.tsx'),
  route('account-link/:token', 'routes/account-link.tsx'),
  route('allocation-link/:token', 'routes/allocation-link.tsx'),
  // An e-mail's unsubscribe link (issue 15): no sign-in; the API takes a mail app's one-click POST here too.
  route('unsubscribe/:token', 'routes/unsubscribe.tsx'),
  // Members only, rendered in the browser (the API serves the SPA fallback under /profile/*).
  route('profile', 'routes/profile-layout.tsx', [
    index('routes/profile.tsx'),
    route('edit', 'routes/profile-edit.tsx'),
    route('password', 'routes/profile-password.tsx'),
    route('addresses', 'routes/profile-addresses.tsx'),
    route('cards', 'routes/profile-cards.tsx'),
    route('communication', 'routes/profile-communication.tsx'),
    route('orders', 'routes/profile-orders.tsx'),
    route('orders/:orderId', 'routes/profile-order.tsx'),
    route('standing', 'routes/profile-standing.tsx'),
  ]),
  // The offering (members only, rendered in the browser; the API serves the SPA fallback under
  // /offering/* and /event/*). Each page sends a member whose allocation state does not fit it to
  // their own starting point.
  route('offering', 'routes/offering-layout.tsx', { id: 'offering-layout' }, [
    index('routes/offering.tsx'),
    route('letter', 'routes/offering-letter.tsx'),
    route('allocation', 'routes/offering-allocation.tsx'),
    route('vintage-notes', 'routes/offering-vintage-notes.tsx'),
    route('checkout', 'routes/offering-checkout.tsx'),
    route('thank-you', 'routes/offering-thank-you.tsx'),
    route('closed', 'routes/offering-closed.tsx'),
    // Issue 17: members wait here for their opening and their turn; the gate sends them here.
    route('waiting-room', 'routes/offering-waiting-room.tsx'),
  ]),
  route('event', 'routes/offering-layout.tsx', { id: 'event-layout' }, [
    route('letter', 'routes/event-letter.tsx'),
    route(':slug', 'routes/event-offering.tsx'),
  ]),
  // The staff console (issue 13): rendered in the browser, never prerendered, in chunks of its own
  // (nothing outside staff/ imports it). The API serves the SPA fallback under /staff/*.
  route('staff', 'staff/routes/staff-root.tsx', [
    route('login', 'staff/routes/staff-login.tsx'),
    route('create-password/:token', 'staff/features/accounts/create-password.route.tsx'),
    layout('staff/routes/console.tsx', [
      index('staff/routes/dashboard.tsx'),
      route('offerings', 'staff/routes/offerings.tsx'),
      route('offerings/new', 'staff/routes/offering-new.tsx'),
      route('offerings/:offeringId', 'staff/routes/offering-edit.tsx'),
      route('wines', 'staff/routes/wines.tsx'),
      route('wines/new', 'staff/routes/wine-new.tsx'),
      route('wines/:wineId', 'staff/routes/wine-edit.tsx'),
      // An offering's allocations, invitations and wishes; from the navigation, first which offering.
      route('offerings/:offeringId/allocations', 'staff/features/allocations/allocations.route.tsx'),
      route('offerings/:offeringId/invitations', 'staff/features/invitations/invitations.route.tsx'),
      route('offerings/:offeringId/wishes', 'staff/features/wishes/wishes.route.tsx'),
      route('allocations', 'staff/features/allocations/choose-offering.route.tsx'),
      route('invitations', 'staff/features/invitations/choose-offering.route.tsx'),
      route('wishes', 'staff/features/wishes/choose-offering.route.tsx'),
      route('prospects', 'staff/routes/prospects.tsx'),
      route('rates', 'staff/routes/rates.tsx'),
      route('bottles', 'staff/routes/bottles.tsx'),
      // Issue 14: orders, members, tiers, staff accounts and the audit trail.
      route('orders', 'staff/features/orders/orders.route.tsx'),
      route('orders/:orderId', 'staff/features/orders/order.route.tsx'),
      route('members', 'staff/features/members/members.route.tsx'),
      route('members/new', 'staff/features/members/member-new.route.tsx'),
      route('members/import', 'staff/features/members/import.route.tsx'),
      route('members/:memberId', 'staff/features/members/member.route.tsx'),
      route('tiers', 'staff/features/tiers/tiers.route.tsx'),
      route('list-rules', 'staff/features/list-rules/list-rules.route.tsx'),
      route('accounts', 'staff/features/accounts/accounts.route.tsx'),
      route('audit', 'staff/features/audit/audit.route.tsx'),
      route('*', 'staff/routes/not-found.tsx'),
    ]),
  ]),
  route('something-went-wrong', 'routes/something-went-wrong.tsx'),
  // Brochure: prerendered from content/brands/*, each with page data for client-side navigation.
  route('philosophy', 'routes/philosophy.tsx'),
  route('team', 'routes/team.tsx'),
  route('matriarch', 'routes/matriarch.tsx'),
  route('grand-crus', 'routes/grand-crus.tsx'),
  route('grand-crus/:slug', 'routes/grand-cru.tsx'),
  // The producer's legal pages: prerendered from content/legal/*, linked from every footer.
  route('privacy', 'routes/privacy.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('shipping-policy', 'routes/shipping-policy.tsx'),
  // Resource routes, prerendered to build/client/sitemap.xml and build/client/robots.txt.
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  // `/404` and every unknown path are the same route: the API answers unknown paths with the
  // prerendered 404/index.html, which then hydrates without a mismatch.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
