import { sitemapXml } from '../features/brochure/seo-files';

export function loader() {
  return new Response(sitemapXml(), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
