import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('login', 'routes/login.tsx'),
  route('logout', 'routes/logout.tsx'),
  // Members only, rendered in the browser (the API serves the SPA fallback under /profile/*).
  route('profile', 'routes/profile-layout.tsx', [
    index('routes/profile.tsx'),
    route('edit', 'routes/profile-edit.tsx'),
    route('password', 'routes/profile-password.tsx'),
    route('addresses', 'routes/profile-addresses.tsx'),
    route('cards', 'routes/profile-cards.tsx'),
    route('orders', 'routes/profile-orders.tsx'),
  ]),
  route('something-went-wrong', 'routes/something-went-wrong.tsx'),
  // Brochure: prerendered from content/brands/*, each with page data for client-side navigation.
  route('philosophy', 'routes/philosophy.tsx'),
  route('team', 'routes/team.tsx'),
  route('matriarch', 'routes/matriarch.tsx'),
  route('grand-crus', 'routes/grand-crus.tsx'),
  route('grand-crus/:slug', 'routes/grand-cru.tsx'),
  // Resource routes, prerendered to build/client/sitemap.xml and build/client/robots.txt.
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  // `/404` and every unknown path are the same route: the API answers unknown paths with the
  // prerendered 404/index.html, which then hydrates without a mismatch.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
