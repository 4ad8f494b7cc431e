import { robotsTxt } from '../features/brochure/seo-files';

export function loader() {
  return new Response(robotsTxt(), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
