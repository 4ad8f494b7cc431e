import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('login', 'routes/login.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('profile', 'routes/profile.tsx'),
  route('something-went-wrong', 'routes/something-went-wrong.tsx'),
  // `/404` and every unknown path are the same route: the API answers unknown paths with the
  // prerendered 404/index.html, which then hydrates without a mismatch.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
